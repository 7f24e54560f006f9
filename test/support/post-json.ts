/**
 * POSTs raw JSON text (so a test can send what JSON.stringify never writes: big integers, 1e309,
 * duplicate or escaped keys) and reads the answer, which must be JSON whatever the status.
 */
export async function postRawJson(
  url: string,
  raw: string,
  headers: Readonly<Record<string, string>>,
): Promise<{ status: number; body: Record<string, unknown> }> {
  const res = await fetch(url, { method: 'POST', headers: { 'content-type': 'application/json', ...headers }, body: raw });
  const text = await res.text();
  try {
    return { status: res.status, body: JSON.parse(text) as Record<string, unknown> };
  } catch {
    throw new Error(`POST ${url} answered ${res.status} with a body that is not JSON: ${text.slice(0, 200)}`);
  }
}
