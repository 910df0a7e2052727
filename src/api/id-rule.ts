// The id rule, free of zod so the web client can import it too (a hero or battle id the server could never
// hold is simply not found): 1-64 characters of well-formed Unicode, no control characters. common.ts builds the
// schemas every route validates with on it.

/** Control characters (NUL among them) and lone UTF-16 surrogates: text no id, name or search may carry. */
const UNSAFE_TEXT =
  // eslint-disable-next-line no-control-regex -- matching control characters is this pattern's whole job
  /[\u0000-\u001f\u007f-\u009f]|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

/** Is `s` well-formed Unicode without control characters — text the database can be handed as it is? */
export const isCleanText = (s: string): boolean => !UNSAFE_TEXT.test(s);

export const ID_MAX_LENGTH = 64;
/** Could `id` name anything the server holds? (Its schemas refuse any other with a 400.) */
export const isValidId = (id: string): boolean =>
  id.length >= 1 && id.length <= ID_MAX_LENGTH && isCleanText(id);
