import type { Trade } from './catalog';

/** The demo's tenancy: one portfolio of two enterprises and their five teams (one a QA team), with how much data each gets. */

export interface DemoTeamSpec {
  readonly name: string;
  readonly timezone: string;
  readonly workspaceId: string;
  readonly isTest: boolean;
  readonly trade: Trade;
  readonly siteHost: string;
  readonly sessions: number;
  readonly leads: number;
  readonly calls: number;
}

export interface DemoEnterpriseSpec {
  readonly name: string;
  readonly teams: readonly DemoTeamSpec[];
}

export const DEMO_PORTFOLIO_NAME = 'Summit & Bayside Holdings';

export const DEMO_ENTERPRISES: readonly DemoEnterpriseSpec[] = [
  {
    name: 'Summit Home Services',
    teams: [
      team('Summit Plumbing', 'America/New_York', 'ws_summit_plumbing', 'plumbing', 'summitplumbing.example.com'),
      team('Summit HVAC', 'America/Chicago', 'ws_summit_hvac', 'hvac', 'summithvac.example.com'),
      {
        ...team('Summit QA (test)', 'America/New_York', 'ws_summit_qa', 'home_services', 'qa.summit.example.com'),
        isTest: true,
        sessions: 120,
        leads: 15,
        calls: 3,
      },
    ],
  },
  {
    name: 'Bayside Comfort',
    teams: [
      team('Bayside Heating & Air', 'America/Los_Angeles', 'ws_bayside_heating_air', 'hvac', 'baysideheatingair.example.com'),
      team('Bayside Plumbing', 'America/Denver', 'ws_bayside_plumbing', 'plumbing', 'baysideplumbing.example.com'),
    ],
  },
];

function team(name: string, timezone: string, workspaceId: string, trade: Trade, siteHost: string): DemoTeamSpec {
  return { name, timezone, workspaceId, isTest: false, trade, siteHost, sessions: 1250, leads: 80, calls: 12 };
}

/** The team whose calls are coached with its own rubric (local/demo/coach.ts); the others follow the default. */
export const CUSTOM_RUBRIC_WORKSPACE = 'ws_bayside_heating_air';

/** The team every demo key is anchored on. */
export const ANCHOR_WORKSPACE = 'ws_summit_plumbing';
