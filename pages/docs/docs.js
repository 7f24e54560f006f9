// The API reference page (GET /api/docs): Scalar renders the document this API serves. Default
// fonts and telemetry are off, so the page asks nothing of any other origin (its
// Content-Security-Policy would refuse it anyway).
window.Scalar.createApiReference('#reference', {
  url: new URL('openapi.json', document.baseURI).href,
  withDefaultFonts: false,
  telemetry: false,
});
