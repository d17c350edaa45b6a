// The one server error: a status and the exact wire body (DESIGN.md section 3 shapes).
export type ErrorBody = { detail: string; code?: string } | Record<string, string[]>;

export class AppError extends Error {
  readonly status: number;
  readonly body: ErrorBody;
  readonly headers: Record<string, string>;

  constructor(status: number, body: ErrorBody, headers: Record<string, string> = {}) {
    super(typeof body.detail === 'string' ? body.detail : JSON.stringify(body));
    this.status = status;
    this.body = body;
    this.headers = headers;
  }
}

export const badRequest = (errors: Record<string, string[]>) => new AppError(400, errors);
export const fieldError = (field: string, message: string) => new AppError(400, { [field]: [message] });
export const notFound = () => new AppError(404, { detail: 'Not found.' });
export const forbidden = () =>
  new AppError(403, { detail: 'You do not have permission to perform this action.' });
export const notAuthenticated = () =>
  new AppError(401, { detail: 'Authentication credentials were not provided.' });
export const tokenNotValid = () =>
  new AppError(401, { detail: 'Token is invalid or expired', code: 'token_not_valid' });
export const invalidRefresh = () => new AppError(401, { detail: 'Token is invalid or expired' });
export const tooManyAttempts = (retryAfterSeconds: number) => {
  const seconds = Math.max(1, Math.ceil(retryAfterSeconds));
  return new AppError(
    429,
    { detail: `Too many attempts. Try again in ${seconds} seconds.` },
    { 'retry-after': String(seconds) },
  );
};
