/** The OpenAPI security of a call that needs a session (client or admin): its token as a bearer token. */
export const SIGNED_IN = [{ bearer: [] }];
