/**
 * People's names, addresses and notes as the service keeps and passes them on: without the
 * characters that are not text but instructions to whatever displays or reads it. C0 controls
 * (NUL, escape sequences a terminal would obey), DEL and C1 controls, and the bidirectional
 * controls that reorder what is shown (U+202E makes "exe.txt" read "txt.exe"; U+2066–U+2069,
 * U+200E/U+200F, U+061C). A line break is kept where it means something (an address's or a note's
 * lines), as `\n`; in a name it becomes a space, and so does a tab anywhere.
 */

/** Every control (C0, DEL, C1: Unicode's Cc) and bidi control, but the line feed each kind has placed. */
const CONTROLS = /(?!\n)[\p{Cc}\u061C\u200E\u200F\u202A-\u202E\u2066-\u2069]/gu;
/** CR LF, CR, LF, NEL (U+0085, a C1 control), and the line and paragraph separators. */
const LINE_BREAK = /\r\n|[\r\n\u0085\u2028\u2029]/g;

/** A name: one line, no controls, trimmed. */
export function nameText(text: string): string {
  return text.replace(LINE_BREAK, ' ').replace(/\t/g, ' ').replace(CONTROLS, '').trim();
}

/** An address or a note: its lines kept (as `\n`), no other controls, trimmed. */
export function linesText(text: string): string {
  return text.replace(LINE_BREAK, '\n').replace(/\t/g, ' ').replace(CONTROLS, '').trim();
}

/** `nameText` of a value that may be missing: null when nothing is left. */
export function optionalNameText(text: string | null | undefined): string | null {
  const cleaned = text == null ? '' : nameText(text);
  return cleaned === '' ? null : cleaned;
}

/** `linesText` of a value that may be missing: null when nothing is left. */
export function optionalLinesText(text: string | null | undefined): string | null {
  const cleaned = text == null ? '' : linesText(text);
  return cleaned === '' ? null : cleaned;
}
