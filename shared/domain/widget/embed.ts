/**
 * Where a scheduler's widget lives, as the schedulers list and the operator CLI hand it out: the
 * hosted booking page, and the one script tag a business pastes into its own site (the script
 * puts the same page in an iframe beside itself, passing the host page's address for attribution).
 * `base` is the service's public base URL (no trailing slash).
 */
export function bookingPageUrl(base: string, teamId: number, schedulerId: number): string {
  return `${base}/widget/${teamId}/${schedulerId}`;
}

export function embedCode(base: string, teamId: number, schedulerId: number): string {
  return `<script src="${base}/widget/assets/embed.js" data-team="${teamId}" data-scheduler="${schedulerId}" async></script>`;
}
