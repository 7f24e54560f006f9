import { readdirSync, readFileSync } from 'node:fs';
import * as path from 'node:path';
import { outputsLoadedAtStart } from '../../lib/function-bundle';
import { bundleFunction, bundlesFolder } from '../support/function-bundles';
import { REPOSITORY_ROOT } from '../support/import-graph';

/**
 * A contract module declares the response schemas of every route of its area; a deployed function
 * never builds one (only the OpenAPI generator and the test-time check do), and each declaration
 * marked pure is left out of the functions whose routes do not answer with it
 * (docs/adr/0207-widget-visits-read-schedulers-and-items-as-stored.md). What is held here: the
 * code a function reads at load has no response schema of a route it does not serve, found by the
 * descriptions those schemas carry (minifying keeps strings).
 */

const folder = bundlesFolder('function-responses-');

/** The text of the files a cold start of the function reads, as the stack bundles them. */
async function codeAtLoad(functionName: string): Promise<string> {
  const { metafile } = await bundleFunction(folder(), functionName);
  return [...outputsLoadedAtStart(metafile)].map((file) => readFileSync(path.join(REPOSITORY_ROOT, file), 'utf8')).join('\n');
}

// Descriptions of response schemas of the widget's own routes (functions/widget-api).
const WIDGET_START = 'A started (pending) session with its token';
const WIDGET_RESUME = 'The session a resume link reopened, at the step it was left';
const WIDGET_BOOKED = 'The visit is booked (a repeated booking of the same slot answers the same)';

describe('response schemas in the code read at load', () => {
  it.each([
    // The change and manage routes answer a taken slot with the widget's fresh slots: that one
    // schema of the widget's contract, not the widget's own answers.
    ['change-appointment', [WIDGET_START, WIDGET_RESUME, WIDGET_BOOKED]],
    ['manage-appointment', [WIDGET_START, WIDGET_RESUME, WIDGET_BOOKED]],
    ['get-booking-page', [WIDGET_START, WIDGET_RESUME, WIDGET_BOOKED]],
  ])(
    '%s holds none of the response schemas of routes it does not serve',
    async (functionName, descriptions) => {
      const code = await codeAtLoad(functionName);
      for (const description of descriptions)
        expect({ description, bundled: code.includes(description) }).toEqual({ description, bundled: false });
    },
    60_000,
  );

  it('the widget API still holds its own answers, which the test-time check and the document read', async () => {
    const code = await codeAtLoad('widget-api');
    for (const description of [WIDGET_START, WIDGET_RESUME, WIDGET_BOOKED]) expect(code).toContain(description);
  }, 60_000);
});

describe('response schema declarations', () => {
  // An unmarked declaration is kept by every function that imports its module, built or not.
  const CONTRACTS = path.join(REPOSITORY_ROOT, 'shared', 'contracts');
  const DECLARATION = /^(?:export )?const \w+ = (?!\/\* @__PURE__ \*\/ )(?:responseSchema|one)\(/gm;

  it('are marked pure in every contract module, so a function bundles only the ones its routes answer with', () => {
    const unmarked = readdirSync(CONTRACTS)
      .filter((file) => file.endsWith('.ts'))
      .flatMap((file) => (readFileSync(path.join(CONTRACTS, file), 'utf8').match(DECLARATION) ?? []).map((line) => `${file}: ${line}`));
    expect(unmarked).toEqual([]);
  });

  it('are found unmarked by that check', () => {
    expect('export const x = responseSchema((z) => z.string());'.match(DECLARATION)).toHaveLength(1);
    expect('export const x = /* @__PURE__ */ responseSchema((z) => z.string());'.match(DECLARATION)).toBeNull();
  });
});
