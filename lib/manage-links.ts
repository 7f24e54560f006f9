import { Validations } from 'aws-cdk-lib';
import type { Construct } from 'constructs';
import { PUBLIC_ORIGIN_ENV } from '#shared/adapters/runtime/resource-env';
import type { CursorSecret } from './cursor-secret';
import { setting } from './providers';
import type { ServiceFunction } from './service-function';

/** The context key of the service's public origin. */
export const PUBLIC_ORIGIN_CONTEXT = 'publicOrigin';
const UNCONFIGURED = 'unconfigured';

/**
 * What a function needs to write an appointment's manage link where no request names the service's
 * address (the appointment texts): the links' key (the cursor secret, read at run time) and the
 * public origin. The origin is a setting, not the read API's URL: the API's stack depends on the
 * messaging stack the worker lives in, so the URL cannot flow back; and a custom domain is what
 * customers should see in a text anyway.
 */
export class ManageLinkBinding {
  private readonly origin: string;

  constructor(
    scope: Construct,
    private readonly cursorSecret: CursorSecret,
    publicOrigin: string | undefined,
  ) {
    const resolved = setting(scope, publicOrigin, PUBLIC_ORIGIN_CONTEXT);
    if (resolved === undefined) {
      Validations.of(scope).addWarning(
        `lead-call-scheduling:${PUBLIC_ORIGIN_CONTEXT}`,
        `The public origin is not set: pass it as the stack prop or with \`-c ${PUBLIC_ORIGIN_CONTEXT}=https://...\`; until then appointment texts are held back (their messages retry, then dead-letter).`,
      );
    }
    this.origin = resolved ?? UNCONFIGURED;
  }

  public bind(fn: ServiceFunction): void {
    this.cursorSecret.bind(fn);
    fn.addEnvironment(PUBLIC_ORIGIN_ENV, this.origin);
  }
}
