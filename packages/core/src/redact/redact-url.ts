/** A URL inside free text (an error message, say): scheme, `://`, then everything up to a space or quote. */
const URL_IN_TEXT = /\b[a-z][a-z0-9+.-]*:\/\/[^\s"'<>`]+/gi;

/**
 * A URL as it may be printed or stored: user info becomes `***@`, every query value `***` (any of them
 * may be a key or a token), with or without a scheme. A URL with neither is returned exactly as given.
 */
export function redactUrl(url: string): string {
  const at = url.indexOf('://');
  // Without a scheme (`user:pass@host:port`, as a host may be mistyped) the text is authority and path alone.
  const scheme = at < 0 ? '' : url.slice(0, at + 3);
  const rest = at < 0 ? url : url.slice(at + 3);
  const authorityEnd = rest.search(/[/?#]/);
  const authority = authorityEnd < 0 ? rest : rest.slice(0, authorityEnd);
  const tail = authorityEnd < 0 ? '' : rest.slice(authorityEnd);
  const host = authority.includes('@') ? `***@${authority.slice(authority.lastIndexOf('@') + 1)}` : authority;
  const redactedTail = tail.replace(/([?&][^=&#]*=)[^&#]*/g, '$1***');
  return `${scheme}${host}${redactedTail}`;
}

/** Text with every URL in it redacted (see redactUrl). */
export function redactUrls(text: string): string {
  return text.replace(URL_IN_TEXT, redactUrl);
}

/** The URL without its user info, and that user info decoded, for a client that sends it as a header. */
export function splitCredentials(url: string): { url: string; username?: string; password?: string } {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return { url };
  }
  if (!parsed.username && !parsed.password) return { url };
  const { username, password } = parsed;
  parsed.username = '';
  parsed.password = '';
  const bare = parsed.toString();
  return {
    url: url.endsWith('/') ? bare : bare.replace(/\/$/, ''),
    username: decodeURIComponent(username),
    password: decodeURIComponent(password),
  };
}
