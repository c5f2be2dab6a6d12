// The key the browser tests' server signs its links with (DOCUMENT_LINK_SECRET),
// so a test can make the link staff would receive by e-mail: the e2e server
// e-mails nobody.
export const E2E_LINK_SECRET = 'e2e-link-secret-4c1d9a7f20b64e3a8f5d';
