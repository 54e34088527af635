/**
 * The base of every error that core throws on purpose.
 *
 * A core error has a namespaced `name` (`Units.TooManyDecimalsError`), a short
 * message a person can act on, optional hints, and optionally the input field it
 * belongs to, so the UI can show it at that field.
 *
 * @example
 * ```ts
 * // at the bottom of src/core/format/Units.ts: one class per error, named after its module
 * export class InvalidAmountError extends BaseError {
 *   constructor(text: string) {
 *     super('Units.InvalidAmountError', `Not a number: "${text}".`, {
 *       hints: ['Use digits, one dot, and optionally an exponent like 1e18.'],
 *     })
 *   }
 * }
 * ```
 */
export class BaseError extends Error {
  override readonly name: string
  readonly shortMessage: string
  readonly hints: readonly string[]
  /** Name of the input field the error belongs to, when known. */
  field?: string
  /** Character position in the input where the problem is, when known. */
  readonly position?: number

  constructor(
    name: string,
    shortMessage: string,
    options: { hints?: readonly string[]; field?: string; position?: number; cause?: unknown } = {},
  ) {
    const hints = options.hints ?? []
    super(hints.length ? `${shortMessage}\n${hints.join('\n')}` : shortMessage, {
      cause: options.cause,
    })
    this.name = name
    this.shortMessage = shortMessage
    this.hints = hints
    this.field = options.field
    this.position = options.position
  }

  /** Returns the same error attached to `field` (keeps the first field set). */
  at(field: string): this {
    this.field ??= field
    return this
  }
}

/**
 * The base class of a core error that takes only its message and hints: `name` is its
 * namespaced name, `hints` what it says when the thrower gives none.
 *
 * @example
 * ```ts
 * // at the bottom of src/core/format/HexBytes.ts
 * export class TooLongError extends errorType('HexBytes.TooLongError') {}
 * throw new TooLongError('The text is 40 bytes; a bytes32 string holds at most 31.')
 * ```
 */
export function errorType(name: string, hints: readonly string[] = []) {
  return class extends BaseError {
    constructor(message: string, given: readonly string[] = hints) {
      super(name, message, { hints: given })
    }
  }
}

/** True when `e` is an error core threw on purpose. */
export function isBaseError(e: unknown): e is BaseError {
  return e instanceof BaseError
}

/**
 * A plain, structured-clone-safe view of any thrown value, for the UI and workers.
 * Unknown errors keep only their message; stack traces never reach the UI.
 */
export interface ErrorInfo {
  name: string
  message: string
  hints: string[]
  field?: string
  position?: number
}

export function toErrorInfo(e: unknown): ErrorInfo {
  if (e instanceof BaseError)
    return {
      name: e.name,
      message: e.shortMessage,
      hints: [...e.hints],
      ...(e.field !== undefined ? { field: e.field } : {}),
      ...(e.position !== undefined ? { position: e.position } : {}),
    }
  if (e instanceof Error) {
    // Library errors (ox, viem) carry a shortMessage; prefer it over the long form.
    const short = (e as { shortMessage?: unknown }).shortMessage
    return { name: e.name || 'Error', message: typeof short === 'string' ? short : firstLine(e.message), hints: [] }
  }
  return { name: 'Error', message: String(e), hints: [] }
}

function firstLine(s: string): string {
  const i = s.indexOf('\n')
  return i < 0 ? s : s.slice(0, i)
}

/**
 * An error that crossed a thread (a worker's `ErrorInfo`), thrown again on this side with
 * the name, message, hints and field it had where it was thrown.
 */
export class RelayedError extends BaseError {
  constructor(info: ErrorInfo) {
    super(info.name, info.message, {
      hints: info.hints,
      ...(info.field !== undefined ? { field: info.field } : {}),
      ...(info.position !== undefined ? { position: info.position } : {}),
    })
  }
}
