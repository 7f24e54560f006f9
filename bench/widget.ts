import { readFileSync } from 'node:fs';
import * as path from 'node:path';
import { getDocumentClient } from '#shared/adapters/dynamodb/client';
import { DynamoSchedulerConfigStore } from '#shared/adapters/dynamodb/scheduler-config-store';
import { DynamoSessionStore } from '#shared/adapters/dynamodb/session-store';
import { physicalTableName } from '#shared/adapters/dynamodb/tables';
import { DynamoTenancyStore } from '#shared/adapters/dynamodb/tenancy-store';
import { WEEKDAYS } from '#shared/domain/schedulers';
import type { SessionRecord } from '#shared/domain/sessions';
import { bookableWindow, datesBetween } from '#shared/domain/widget/availability';
import { compress } from '#shared/http/static-assets';
import { PAGE_ASSETS } from '#shared/pages/assets';
import { startLocalService } from '../local/cli/service';
import { findChromium } from '../test/support/chromium';
import { kb, median, ms, percentile, type SectionContext, type SectionReport, type Table } from './report';

/**
 * Section 11: the scheduling widget. What a host page downloads (script and styles, gzip), how
 * soon the first services are on screen after the widget's script arrives (headless Chromium, the
 * local service), the availability answer's latency for a scheduler with 90 days of bookings, and
 * the DynamoDB reads per availability answer by days shown.
 */

const SCHEDULER = 11;
const DAYS_OF_BOOKINGS = 90;
const SEQUENTIAL_REQUESTS = 300;
const PAINT_RUNS = 10;

/** Counts Query commands on the sessions table and the items they read. */
function countQueries(table: string): { queries: number; items: number; reset(): void } {
  const counts = {
    queries: 0,
    items: 0,
    reset() {
      counts.queries = 0;
      counts.items = 0;
    },
  };
  getDocumentClient().middlewareStack.add(
    (next, context) => async (args) => {
      const result = await next(args);
      const input = args.input as { TableName?: string };
      if (input.TableName === table && context.commandName === 'QueryCommand') {
        counts.queries += 1;
        const output = result.output as { ScannedCount?: number; Items?: unknown[] };
        counts.items += output.ScannedCount ?? output.Items?.length ?? 0;
      }
      return result;
    },
    { step: 'initialize', name: 'benchWidgetQueries' },
  );
  return counts;
}

export async function run(ctx: SectionContext): Promise<SectionReport> {
  process.env.LOG_LEVEL ??= 'warn';
  process.env.WIDGET_RATE_LIMIT_PER_CLIENT_PER_MINUTE = '100000000';
  process.env.WIDGET_RATE_LIMIT_PER_SCHEDULER_PER_MINUTE = '100000000';

  // Download size: what the embed code and the booking page make a browser fetch.
  const sizes = PAGE_ASSETS['get-booking-page'].map((asset) => {
    const bytes = readFileSync(path.join(ctx.root, asset.source));
    return { file: asset.file, raw: bytes.length, gzip: compress(bytes, 'gzip').length };
  });
  const totalGzip = sizes.reduce((sum, s) => sum + s.gzip, 0);

  ctx.progress('starting the local service (in memory, no seed)…');
  const service = await startLocalService({ port: 0, dataDir: undefined, seed: false });
  try {
    const tenancy = new DynamoTenancyStore(getDocumentClient(), physicalTableName('teams'));
    const enterprise = await tenancy.createEnterprise({ name: 'Bench widget' });
    const team = await tenancy.createTeam({
      name: 'Bench widget',
      timezone: 'America/Chicago',
      isTest: false,
      enterpriseId: enterprise.id,
      workspaceId: 'ws_bench_widget',
    });
    await new DynamoSchedulerConfigStore(getDocumentClient(), physicalTableName('teams')).putScheduler(
      team.id,
      SCHEDULER,
      {
        name: 'Bench widget',
        services: ['AC Repair', 'Furnace Repair', 'Tune-up'],
        job_types: ['Service'],
        service_areas: [],
        time_zone: 'America/Chicago',
        hours: Object.fromEntries(WEEKDAYS.map((d) => [d, { open: '07:00', close: '19:00' }])) as never,
        interval_minutes: 30,
        capacity_per_slot: 3,
        days_ahead: DAYS_OF_BOOKINGS,
        allowed_origins: ['http://127.0.0.1:*'],
      },
      new Date(),
    );

    // 90 days of bookings: booked sessions (the read API's rows) and the slot counters they hold.
    ctx.progress(`writing ${DAYS_OF_BOOKINGS} days of bookings…`);
    const window = bookableWindow({ time_zone: 'America/Chicago', days_ahead: DAYS_OF_BOOKINGS }, new Date());
    const dates = datesBetween(window.first, window.last);
    const sessions: SessionRecord[] = [];
    const counters: Record<string, unknown>[] = [];
    for (const date of dates) {
      const day: Record<string, number> = {};
      for (let hour = 7; hour < 19; hour++) {
        const time = `${String(hour).padStart(2, '0')}:00`;
        day[`t${time.replace(':', '')}`] = 1 + (hour % 3);
        const at = new Date().toISOString();
        sessions.push({
          session_id: `ses_bench_${date}_${hour}`,
          team_id: team.id,
          scheduler_id: SCHEDULER,
          status: 'booked',
          customer_info: { name: 'Bench', email: null, phone: null, address: null },
          issue_type: 'AC Repair',
          job_type: null,
          selected_date: date,
          selected_time: time,
          utm: { source: null, medium: null, campaign: null, term: null, content: null },
          google_ads: { gclid: null, wbraid: null, gbraid: null },
          st_job_id: null,
          started_at: at,
          completed_at: at,
          last_activity_at: at,
          events: [],
          service_area: null,
          conversion_value: null,
        });
      }
      counters.push({ pk: `TEAM#${String(team.id).padStart(10, '0')}#SLOTS#${String(SCHEDULER).padStart(10, '0')}`, sk: date, ...day });
    }
    await new DynamoSessionStore(getDocumentClient(), physicalTableName('sessions')).putSessions(
      sessions,
      new Map([[team.id, { enterpriseId: enterprise.id, isTest: false }]]),
    );
    const { batchPut } = await import('#shared/adapters/dynamodb/batch-write');
    await batchPut(getDocumentClient(), physicalTableName('sessions'), counters);
    await service.settle();

    // Availability latency, sequential through the local gateway.
    const base = `${service.url}/widget/api/${team.id}/${SCHEDULER}/availability`;
    const queries = countQueries(physicalTableName('sessions'));
    const latencies: Record<number, number[]> = {};
    const reads: { days: number; queries: number; items: number; readUnits: number }[] = [];
    for (const days of [1, 7, 14]) {
      ctx.progress(`availability, days=${days}: ${SEQUENTIAL_REQUESTS} sequential requests…`);
      const times: number[] = [];
      queries.reset();
      for (let i = 0; i < SEQUENTIAL_REQUESTS; i++) {
        const from = dates[(i * 7) % (dates.length - days)] as string;
        const started = performance.now();
        const response = await fetch(`${base}?from=${from}&days=${days}`);
        await response.arrayBuffer();
        if (response.status !== 200) throw new Error(`availability answered ${response.status}`);
        if (i >= 30) times.push(performance.now() - started);
      }
      latencies[days] = times.sort((a, b) => a - b);
      const perRequest = queries.items / SEQUENTIAL_REQUESTS;
      // Each counter item is well under 4 KB: an eventually consistent Query reads 0.5 RCU per 4 KB, rounded up per Query.
      reads.push({
        days,
        queries: queries.queries / SEQUENTIAL_REQUESTS,
        items: perRequest,
        readUnits: Math.max(0.5, Math.ceil((perRequest * 400) / 4096) / 2),
      });
    }

    // First services painted after the widget's script arrives, in headless Chromium.
    const paints: number[] = [];
    const executablePath = findChromium();
    if (executablePath) {
      ctx.progress(`first paint of the services: ${PAINT_RUNS} page loads in headless Chromium…`);
      const { chromium } = await import('playwright-core');
      const browser = await chromium.launch({ executablePath, args: ['--no-sandbox'] });
      try {
        for (let i = 0; i < PAINT_RUNS + 1; i++) {
          const page = await browser.newPage({ viewport: { width: 390, height: 800 } });
          // In the page (as strings: this file is compiled without the DOM's types).
          await page.addInitScript({
            content:
              "new MutationObserver((_, o) => { if (document.querySelector('button.choice')) { window.__servicesAt = performance.now(); o.disconnect(); } }).observe(document, { childList: true, subtree: true });",
          });
          await page.goto(`${service.url}/widget/${team.id}/${SCHEDULER}`);
          await page.waitForSelector('button.choice');
          const gap = (await page.evaluate(
            "window.__servicesAt - (performance.getEntriesByType('resource').find((e) => e.name.includes('/widget/assets/widget.js'))?.responseEnd ?? 0)",
          )) as number;
          if (i > 0) paints.push(gap);
          await page.close();
        }
      } finally {
        await browser.close();
      }
    }

    const p50 = (days: number) => percentile(latencies[days] ?? [], 50);
    const sizeTable: Table = {
      title: 'What a page with the widget downloads from the service',
      columns: ['file', 'bytes', 'gzip'],
      rows: [...sizes.map((s) => [s.file, s.raw, kb(s.gzip)]), ['total', sizes.reduce((n, s) => n + s.raw, 0), kb(totalGzip)]],
    };
    const latencyTable: Table = {
      title: `GET availability through the local gateway, ${DAYS_OF_BOOKINGS} days of bookings (${sessions.length} booked sessions), ${SEQUENTIAL_REQUESTS - 30} sequential requests measured`,
      columns: ['days shown', 'p50 ms', 'p99 ms', 'Queries / answer', 'items read / answer', 'read units / answer (est.)'],
      rows: reads.map((r) => [r.days, ms(p50(r.days), 2), ms(percentile(latencies[r.days] ?? [], 99), 2), r.queries, r.items, r.readUnits]),
    };
    const paintTable: Table = {
      title: 'First services on screen after widget.js arrives (headless Chromium, local service)',
      columns: ['runs', 'median ms', 'max ms'],
      rows: paints.length > 0 ? [[paints.length, ms(median(paints), 0), ms(Math.max(...paints), 0)]] : [[0, 'no Chromium', null]],
    };
    const seven = reads.find((r) => r.days === 7);
    return {
      tables: [sizeTable, latencyTable, paintTable],
      targets: [
        { name: 'widget script + styles (gzip)', figure: kb(totalGzip), target: '≤ 25 KB', met: totalGzip <= 25 * 1024 },
        {
          name: 'first services painted after the script loads',
          figure: paints.length > 0 ? ms(median(paints), 0) : 'not measured',
          target: '≤ 1,000 ms',
          met: paints.length > 0 ? median(paints) <= 1000 : null,
        },
        { name: 'availability p50 (7 days, 90 days of bookings)', figure: ms(p50(7), 2), target: '≤ 50 ms', met: p50(7) <= 50 },
        {
          name: 'items read per availability answer',
          figure: reads.map((r) => `${r.days} d: ${r.items}`).join(', '),
          target: '= days shown',
          met: reads.every((r) => r.items <= r.days) && (seven?.queries ?? 2) === 1,
        },
      ],
      notes: [
        'The availability answer reads one counter row per day shown (one Query), never the booked sessions.',
        'First paint: from the responseEnd of widget.js to the first service button in the DOM (a MutationObserver); the page starts its session in that time.',
      ],
      figures: { sizes, totalGzip, latencies: Object.fromEntries(reads.map((r) => [r.days, { p50: p50(r.days), ...r }])), paints },
    };
  } finally {
    await service.stop();
  }
}
