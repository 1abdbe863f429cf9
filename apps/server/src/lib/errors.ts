/** Typed errors thrown by services; one error handler maps them to the API envelope. */
export class AppError extends Error {
  constructor(
    readonly statusCode: number,
    message: string,
    readonly errors?: Record<string, string[]>,
  ) {
    super(message);
    this.name = new.target.name;
  }
}

export class NotFound extends AppError {
  constructor(message = 'Not found.') {
    super(404, message);
  }
}

export class Forbidden extends AppError {
  constructor(message = 'You are not allowed to do that.') {
    super(403, message);
  }
}

export class Unauthenticated extends AppError {
  constructor(message = 'Unauthenticated.') {
    super(401, message);
  }
}

export class Conflict extends AppError {
  constructor(message: string) {
    super(409, message);
  }
}

/** A 422 with per-field messages, for rules that need the database (wrong password, taken email…). */
export class Validation extends AppError {
  constructor(message: string, errors?: Record<string, string[]>) {
    super(422, message, errors);
  }
}

/** A 429 for a lock the client must wait out: Retry-After gives the seconds left. */
export class TooManyAttempts extends AppError {
  constructor(
    message: string,
    readonly retryAfterSeconds: number,
  ) {
    super(429, message);
  }
}

export class UnsupportedMedia extends AppError {
  constructor(message: string) {
    super(415, message);
  }
}

export class PayloadTooLarge extends AppError {
  constructor(message: string) {
    super(413, message);
  }
}

export class PaymentRequired extends AppError {
  constructor(message: string) {
    super(402, message);
  }
}

/** A service the request needs cannot be reached for a moment: a 503 with Retry-After, which clients retry. */
export class ServiceUnavailable extends AppError {
  constructor(
    message: string,
    readonly retryAfterSeconds = 5,
  ) {
    super(503, message);
  }
}
