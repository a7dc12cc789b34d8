/**
 * What a delivery records of a failed connection: a short class, never the socket's own text (which can name
 * addresses inside the service's network, such as what a receiver's name resolved to, or the service's own
 * TLS and library details).
 */
export type SendErrorClass =
  | 'timeout'
  | 'connection refused'
  | 'connection reset'
  | 'tls'
  | 'dns'
  | 'unreachable'
  | 'refused address'
  | 'refused url'
  | 'interrupted'
  | 'bad answer'
  | 'network error';

/** Node's and OpenSSL's certificate verdicts, which carry no common prefix. */
const CERTIFICATE_CODES = new Set([
  'CERT_HAS_EXPIRED',
  'CERT_NOT_YET_VALID',
  'CERT_REVOKED',
  'CERT_UNTRUSTED',
  'CERT_REJECTED',
  'CERT_SIGNATURE_FAILURE',
  'DEPTH_ZERO_SELF_SIGNED_CERT',
  'SELF_SIGNED_CERT_IN_CHAIN',
  'UNABLE_TO_GET_ISSUER_CERT',
  'UNABLE_TO_GET_ISSUER_CERT_LOCALLY',
  'UNABLE_TO_VERIFY_LEAF_SIGNATURE',
  'HOSTNAME_MISMATCH',
  'ERR_TLS_CERT_ALTNAME_INVALID',
]);

/** The class of a request's error, by its code (the message is never read out). */
export function sendErrorClass(error: { code?: unknown }): SendErrorClass {
  const code = typeof error.code === 'string' ? error.code : '';
  if (code === 'EREFUSEDADDRESS') return 'refused address';
  if (code === 'ECONNREFUSED') return 'connection refused';
  if (code === 'ECONNRESET' || code === 'EPIPE' || code === 'ECONNABORTED') return 'connection reset';
  if (code === 'ETIMEDOUT' || code === 'ESOCKETTIMEDOUT' || code === 'UND_ERR_CONNECT_TIMEOUT') return 'timeout';
  if (code === 'ENOTFOUND' || code === 'ENODATA' || code.startsWith('EAI_')) return 'dns';
  if (code === 'EHOSTUNREACH' || code === 'ENETUNREACH' || code === 'EHOSTDOWN' || code === 'ENETDOWN') return 'unreachable';
  if (CERTIFICATE_CODES.has(code) || /^ERR_(TLS|SSL|OSSL)_|^ERR_SSL|^EPROTO$/.test(code)) return 'tls';
  if (code.startsWith('HPE_')) return 'bad answer'; // not HTTP, or HTTP no parser accepts
  return 'network error';
}
