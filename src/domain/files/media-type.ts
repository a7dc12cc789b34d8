/**
 * A media type as RFC 9110 (section 8.3.1) writes it: `type/subtype`, then `; name=value` parameters whose value
 * is a token or a quoted string. ASCII only, no control characters (a tab between parameters aside): what is
 * stored is later sent back as a Content-Type header, and a header holds nothing else.
 */
const TOKEN = "[!#$%&'*+.^_`|~0-9A-Za-z-]+";
/** `"…"` of visible ASCII, spaces and tabs; a backslash quotes the character after it. */
const QUOTED_STRING = '"(?:[\\t !#-\\[\\]-~]|\\\\[\\t -~])*"';
const MEDIA_TYPE = new RegExp(`^${TOKEN}/${TOKEN}(?:[ \\t]*;[ \\t]*(?:${TOKEN}=(?:${TOKEN}|${QUOTED_STRING}))?)*$`);

/** True for a whole, well-formed media type, parameters included. */
export const isMediaType = (text: string): boolean => MEDIA_TYPE.test(text);
