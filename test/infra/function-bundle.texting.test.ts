import type { Metafile } from 'esbuild';
import { outputsLoadedAtStart } from '../../lib/function-bundle';
import { bundleFunction, bundlesFolder } from '../support/function-bundles';

/**
 * What the texting, intake and deletion functions read at load, as the stack bundles them
 * (docs/adr/0205-texting-intake-deletion-cold-start-reads-less.md): which modules stay out of the
 * chunk read at load, and where they are bundled instead.
 */

const folder = bundlesFolder('function-texting-');

async function bundle(functionName: string): Promise<Metafile> {
  return (await bundleFunction(folder(), functionName)).metafile;
}

const PHONE = /node_modules\/libphonenumber-js\/|shared\/domain\/phone-metadata\.ts$/;
const MESSAGING_CONFIG = /shared\/(adapters\/dynamodb\/messaging-config-store|domain\/sms-campaigns\/messaging-config)\.ts$/;
const NANP_ZONES = /shared\/domain\/sms\/nanp-zones\.ts$/;
const CAMPAIGN_META = /shared\/adapters\/dynamodb\/sms-campaign-meta\.ts$/;
const SEND_RECORDS = /shared\/adapters\/dynamodb\/sms-campaign-(sends|send-store)\.ts$/;

describe('texting, intake and deletion bundles', () => {
  it.each([
    // In a chunk the first deletion that names a phone imports: one asked by email alone reads no number.
    ['create-data-subject-deletion', 'libphonenumber', 'in a chunk', PHONE],
    // In a chunk the first number that is not a well-formed +1 number imports (nanp-numbers.ts reads those).
    ['create-sms-campaign', 'libphonenumber', 'in a chunk', PHONE],
    ['receive-inbound-sms', 'libphonenumber', 'in a chunk', PHONE],
    ['ingest-lead', 'libphonenumber', 'in a chunk', PHONE],
    ['receive-google-ads-lead', 'libphonenumber', 'in a chunk', PHONE],
    // The worker finds the person by the E.164 number the request stored: it normalizes none.
    ['data-deletion-worker', 'libphonenumber', 'nowhere', PHONE],
    // A read answers the campaign's META item: no chunk, send or cap-ledger code, no texting configuration.
    [
      'get-sms-campaign',
      'campaign store',
      'nowhere',
      /shared\/adapters\/dynamodb\/(sms-campaign-store|sms-campaign-table|sms-campaign-sends|cap-ledger)\.ts$/,
    ],
    ['get-sms-campaign', 'texting configuration', 'nowhere', MESSAGING_CONFIG],
    // A cancel moves the campaign's status: the team's texting configuration is never read.
    ['cancel-sms-campaign', 'texting configuration', 'nowhere', MESSAGING_CONFIG],
    // The send records (claims, settles) are the sender's: create and cancel never touch one.
    ['create-sms-campaign', 'send records', 'nowhere', SEND_RECORDS],
    ['cancel-sms-campaign', 'send records', 'nowhere', SEND_RECORDS],
    // In a chunk the first frequency-cap check that asks after another campaign imports: a create
    // answers with the campaign it stored.
    ['create-sms-campaign', 'campaign META item', 'in a chunk', CAMPAIGN_META],
    // In a chunk the first list filtered by campaign_id imports: the campaign's META schema.
    ['list-outbound-texts', 'campaign META item', 'in a chunk', CAMPAIGN_META],
    ['list-subscription-events', 'campaign META item', 'in a chunk', CAMPAIGN_META],
    // The time-zone map is read only where a number's calling hours are planned.
    ['get-sms-campaign', 'NANP zone map', 'nowhere', NANP_ZONES],
    ['cancel-sms-campaign', 'NANP zone map', 'nowhere', NANP_ZONES],
    ['receive-inbound-sms', 'NANP zone map', 'nowhere', NANP_ZONES],
  ])(
    '%s reads no %s at load (bundled %s)',
    async (functionName, _library, where, pattern) => {
      const metafile = await bundle(functionName);
      const loaded = [...outputsLoadedAtStart(metafile)].flatMap((file) => Object.keys(metafile.outputs[file]?.inputs ?? {}));
      expect(loaded.filter((input) => pattern.test(input))).toEqual([]);
      const bundled = Object.values(metafile.outputs).some((output) => Object.keys(output.inputs).some((input) => pattern.test(input)));
      expect(bundled).toBe(where === 'in a chunk');
    },
    60_000,
  );
});
