import type * as Create2Salt from '../core/Create2Salt'
import type { ErrorInfo } from '../core/Errors'
import type * as Vanity from '../core/Vanity'
import type { KeyHit, SaltHit } from '../core/VanityMiner'

/** What one vanity worker searches for. */
export type VanityJob =
  | { kind: 'key'; pattern: Vanity.Pattern; target: Vanity.Target }
  | { kind: 'salt'; pattern: Vanity.Pattern; setup: Create2Salt.Setup }

/** Main thread to a vanity worker. */
export type VanityRequest =
  | { type: 'start'; job: VanityJob; keep: number }
  | { type: 'pause' }
  | { type: 'resume' }

/** A vanity worker to the main thread. */
export type VanityMessage =
  | { type: 'started' }
  | { type: 'progress'; attempts: number; rejected: number }
  | { type: 'found'; keys: KeyHit[]; salts: SaltHit[] }
  | { type: 'error'; error: ErrorInfo }
