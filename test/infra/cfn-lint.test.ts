import { spawn, spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import * as path from 'node:path';
import { App } from 'aws-cdk-lib';
import { Service } from '../../lib/service';
import { serviceTemplates } from './template-helpers';

/**
 * Every synthesized template of the service (stages dev and prod), linted with the cfn-lint on
 * PATH (AWS's CloudFormation linter: resource schemas, property values, intrinsic functions,
 * references): zero errors allowed, and every warning's rule explained below or the test fails.
 * Where cfn-lint is not installed the test is skipped, with the reason printed.
 */
const NO_BUNDLING = { 'aws:cdk:bundling-stacks': [] };

/** Warnings cfn-lint reports on these templates, each with why it stays. A new rule's warning fails the test until fixed or explained here. */
const EXPLAINED_WARNINGS: Readonly<Record<string, string>> = {
  W3005:
    "Redundant DependsOn: CDK's Function depends on its role and the role's default policy; the role is also reached by " +
    "GetAtt. The explicit edge is CDK's own (it orders the policy before the function) and changes nothing in the deploy order.",
};

interface CfnLintMatch {
  readonly Rule: { readonly Id: string; readonly Description: string };
  readonly Level: 'Error' | 'Warning' | 'Informational';
  readonly Message: string;
  readonly Filename: string;
}

const cfnLint = spawnSync('cfn-lint', ['--version'], { encoding: 'utf8' });
const available = cfnLint.error === undefined && cfnLint.status === 0;
if (!available) console.warn('cfn-lint is not on PATH (pip install cfn-lint): the CloudFormation lint of the templates is skipped.');

let folder: string;
let matches: CfnLintMatch[];
let controlMatches: CfnLintMatch[];

function run(command: string, args: readonly string[]): Promise<string> {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { stdio: ['ignore', 'pipe', 'pipe'] });
    let out = '';
    let err = '';
    child.stdout.on('data', (chunk: Buffer) => {
      out += chunk.toString();
    });
    child.stderr.on('data', (chunk: Buffer) => {
      err += chunk.toString();
    });
    child.on('error', reject);
    // cfn-lint's exit status is a bit mask of the levels it found (2 errors, 4 warnings, 8 informational); 1 is a failure to run.
    child.on('close', (code) => (code === 1 ? reject(new Error(`cfn-lint failed: ${err}`)) : resolve(out)));
  });
}

beforeAll(async () => {
  if (!available) return;
  folder = mkdtempSync(path.join(tmpdir(), 'cfn-lint-'));
  const files: string[] = [];
  for (const stage of ['dev', 'prod']) {
    const app = new App({ builtinCloudFormationValidation: false, context: { ...NO_BUNDLING, stage } });
    const service = new Service(app, 'LeadCallSchedulingService');
    for (const [name, template] of serviceTemplates(service)) {
      const file = path.join(folder, `${name}.template.json`);
      writeFileSync(file, JSON.stringify(template));
      files.push(file);
    }
  }
  // A control: a queue whose visibility timeout is not a number, which cfn-lint must report as an error.
  const control = path.join(folder, 'control.template.json');
  writeFileSync(control, JSON.stringify({ Resources: { Queue: { Type: 'AWS::SQS::Queue', Properties: { VisibilityTimeout: 'soon' } } } }));
  const output = await run('cfn-lint', ['--format', 'json', '--', ...files, control]);
  const all = JSON.parse(output === '' ? '[]' : output) as CfnLintMatch[];
  controlMatches = all.filter((match) => path.basename(match.Filename) === 'control.template.json');
  matches = all.filter((match) => path.basename(match.Filename) !== 'control.template.json');
  const warnings = new Map<string, number>();
  for (const match of matches) if (match.Level !== 'Error') warnings.set(match.Rule.Id, (warnings.get(match.Rule.Id) ?? 0) + 1);
  if (warnings.size > 0) {
    console.info(
      `${cfnLint.stdout.trim()} on ${files.length} templates: ${[...warnings].map(([rule, count]) => `${rule} ×${count}`).join(', ')}`,
    );
  }
}, 300_000);

afterAll(() => {
  if (folder) rmSync(folder, { recursive: true, force: true });
});

const lintIt = available ? it : it.skip;

describe('cfn-lint', () => {
  lintIt('reports no error on any template of either stage', () => {
    const errors = matches.filter((match) => match.Level === 'Error').map((m) => `${path.basename(m.Filename)} ${m.Rule.Id}: ${m.Message}`);
    expect(errors).toEqual([]);
  });

  lintIt('would report an error, so the check above is not vacuous', () => {
    expect(controlMatches.filter((match) => match.Level === 'Error')).not.toEqual([]);
  });

  lintIt('reports only warnings whose reason is written down', () => {
    const unexplained = matches
      .filter((match) => match.Level !== 'Error' && EXPLAINED_WARNINGS[match.Rule.Id] === undefined)
      .map((m) => `${path.basename(m.Filename)} ${m.Rule.Id}: ${m.Message}`);
    expect(unexplained).toEqual([]);
  });
});
