/**
 * The one shape every tool declares. See DESIGN.md and docs/ARCHITECTURE.md.
 *
 * A tool is split in three files so the shell stays small:
 * - `src/tools/<id>/meta.ts`: plain data (id, title, fields...), no heavy imports; on every route.
 * - `src/tools/<id>/examples.ts`: its worked examples; loaded with its page.
 * - `src/tools/<id>/index.ts`: `parse` and `run`, importing core; loaded lazily.
 */
import type * as Abi from '../core/abi/Abi'
import type * as SourceCache from '../core/debug/SourceCache'
import type * as Outcome from '../core/Outcome'
import type * as ReadBody from '../core/ReadBody'

export const CAPABILITIES = [
  { id: 'units', title: 'Units' },
  { id: 'bignum', title: 'Big numbers' },
  { id: 'hashing', title: 'Hashing' },
  { id: 'addresses', title: 'Addresses' },
  { id: 'calldata', title: 'Call data (ABI)' },
  { id: 'signing', title: 'Signing & transactions' },
  { id: 'wallets', title: 'Wallets & keystores' },
  { id: 'mnemonics', title: 'Mnemonics & HD' },
  { id: 'providers', title: 'Providers (chain access)' },
] as const

export type Capability = (typeof CAPABILITIES)[number]['id']

/** Where a tool's `run` executes: on the main thread, in a worker, or against a node. */
export type RunsOn = 'main' | 'worker' | 'network'

export interface FieldOption {
  value: string
  label: string
}

export interface FieldSpec {
  /** Stable name: the URL parameter and the key of `raw` values. */
  name: string
  label: string
  kind: 'text' | 'textarea' | 'select' | 'checkbox' | 'file'
  /** Holds a key, mnemonic, password or keystore: never in the URL, storage or logs. */
  secret?: boolean
  /**
   * Never read from or written to a link (#36): an opt-in that sends something to a third-party
   * host (the verified-source lookup) is the person's own act on the page, so a URL saying
   * `lookup=true` opens the page with it off.
   */
  notInLink?: boolean
  /** Longest text the field takes (a longer paste is refused before it is parsed). Secret fields: 64 KB unless set. */
  maxChars?: number
  /** A textarea value longer than this is held in memory, the box showing its start (default `LARGE_TEXT`, 256 K characters; lower where the page's own work must leave room: a box of 100 K characters costs the browser over 50 ms to lay out). */
  holdOver?: number
  /** An address: the field also takes EIP-3770's `shortName:0x…`, checked against the connected chain and read as the address (#37). 'list': several addresses, comma- or space-separated, each read so; 'keys': lines of `name: key, key` (mapping keys), each key read so. */
  address?: boolean | 'list' | 'keys'
  placeholder?: string
  help?: string
  /** For `select`. */
  options?: readonly FieldOption[]
  /** Initial raw value ('' when absent; 'true'/'false' for checkboxes). */
  default?: string
  /**
   * The initial raw value while the page is connected to the local devnet, whose accounts are
   * unlocked (#41): send-transaction's signer is the node's account there, a key elsewhere. The
   * page kit fills it in (`withDefaults` with `{ devnet: true }`); a value in the link or one the
   * person chooses always wins, and is kept in the URL whatever it is (`toSearch`'s `given`).
   */
  devnetDefault?: string
  /** Input hint for mobile keyboards and password managers. */
  inputMode?: 'text' | 'decimal' | 'numeric'
  /**
   * Show this field only when another field's raw value is one of `is` (or is not one of
   * `not`). A hidden field is not rendered, and `parse` sees its default instead of
   * whatever it held (see `visibleRaw` in define.ts).
   */
  showWhen?: { field: string; is?: readonly string[]; not?: readonly string[] }
  /**
   * Where the field sits in its form: absent = the form itself ('basic'); 'advanced' = behind
   * a disclosure, closed at first (its summary is `ToolMeta.groups.advanced`, else "More
   * options"); any other name = a section of its own, titled by `ToolMeta.groups[name]` (the
   * hash page's algorithm checkboxes). Every page draws its fields group by group with
   * `MetaFields`, never from a list of names, so a field added here is drawn.
   */
  group?: 'basic' | 'advanced' | (string & {})
  /**
   * The tool's own page sets this field with a control of its own instead of an input (say
   * which): send-transaction's `confirm` is its Confirm button after the review. `MetaFields`
   * skips it; the generic form and the examples use it as declared. Only for tools with a page.
   */
  setBy?: string
  /**
   * A field that is not typed into (a select) which still counts as input: while it holds a
   * non-blank value the form is not blank, so a live page runs and shows its result though
   * every text field is empty (opcodes' "Compare with": two hardforks and no search show
   * their differences). Text, textarea and file fields always count.
   */
  engages?: boolean
}

/** Raw input, exactly as typed: field name to string. */
export type RawInput = Record<string, string>

/**
 * A parse: the typed input (the success of an `Outcome`), or an error per field. Its failure
 * is not an `Outcome` failure: a parse fails field by field with no form-level error (a page
 * shows each message at its field; a worker's parse comes back as `Outcome.fail(…, fieldErrors)`).
 */
export type Parsed<I> = Extract<Outcome.Outcome<I>, { ok: true }> | { ok: false; errors: Record<string, string> }

export interface Row {
  label: string
  value: string
  /** Monospace display (hex, addresses...). Default true. */
  mono?: boolean
  /** Show a copy button. Default true. */
  copy?: boolean
  /** A secret output: hidden until the person reveals it. */
  secret?: boolean
  /** A short explanation under the value. */
  note?: string
  tone?: 'ok' | 'warn' | 'error'
  /** The ABI type of a decoded value (`uint256`, `address`, `bytes32`...): the result view offers readable forms of it (units, date, checksum, text). */
  abiType?: string
  /** Offer to open this value in another tool. Never set for secrets. */
  open?: {
    tool: string
    inputs: RawInput
    label?: string
    /**
     * The tool runs as it opens (as a worked example does): only for a hand-off that carries every
     * input the run needs and whose run sends nothing the person has not sent already (it reads the
     * node the page already asked about this value: Debug and Simulate of a looked-up transaction).
     */
    run?: boolean
  }
  /** A link to another site (a block explorer's page for this value, EIP-3091): https only, opened by the person, never fetched. */
  href?: { url: string; label: string }
  /** What the value is on the connected chain's explorer (a trace frame's address, a log's address argument): the result view links it there, and gives an address's EIP-3770 form, when the chain list names the chain (never on a devnet). Rows with `abiType: 'address'` and rows that open /account, /transaction or /block get them anyway (ui/components/explorerLink's rowExplorer). */
  explorer?: 'address' | 'tx' | 'block' | 'token'
  /** How deep the row is nested under the row before it (a struct's field: 1, a field of that field: 2). */
  depth?: number
  /** A document of several lines (indented JSON): shown with its lines and indents kept, wrapped, in a block that scrolls when tall. */
  lines?: boolean
}

export interface Section {
  title?: string
  rows: Row[]
}

/** A note above a result. */
export interface Note {
  tone: 'info' | 'warn' | 'error'
  text: string
  /**
   * Said as well (as an error) when the connected chain is known and is not `chain` ('devnet':
   * the local devnet's chain id): a public test key off the devnet, typed data for another chain.
   * `replaces`: the error is said instead of this note, not beside it (when the note only names
   * the chain the error names again).
   */
  whenChainIsNot?: { chain: 'devnet' | number; text: string; replaces?: boolean }
}

export interface ToolResult<D = unknown> {
  sections: Section[]
  /** Notes shown above the result (warnings, explanations). */
  notes?: Note[]
  /**
   * The result as typed data, for pages that do more than show rows (tables, keyring,
   * history). Plain and structured-clone safe (it crosses from workers). Pages read this,
   * never a row's label.
   */
  data?: D
  /**
   * Problems with a field that did not stop the run (units: bad token decimals, while the named
   * units still convert): the page runner shows each at its field, like a parse error.
   */
  fieldErrors?: Record<string, string>
}

export interface Example {
  title: string
  inputs: RawInput
  /**
   * Rows the result must contain (label to exact value), checked by the example
   * tests. Values come from the standard or an independent source, not from our output.
   */
  expect?: Record<string, string>
}

/** A file or blob, as core sees it without DOM types (a browser `Blob`/`File` fits). */
export interface BlobLike {
  readonly size: number
  readonly name?: string
  slice(start?: number, end?: number): { arrayBuffer(): Promise<ArrayBuffer> }
}

/** An EIP-1193 provider: the chain the person chose (devnet, a URL, or a browser wallet). */
export interface Eip1193Like {
  request(args: { method: string; params?: unknown }): Promise<unknown>
}

/**
 * The part of the platform's `AbortSignal` a run uses (core is type-checked without DOM types,
 * so it names the shape; the page runner and the workers always pass a real `AbortSignal`,
 * which a `fetch` or an `addEventListener('abort')` can take).
 */
export interface AbortSignalLike {
  readonly aborted: boolean
  readonly reason: unknown
  addEventListener(type: 'abort', listener: () => void, options?: { once?: boolean }): void
  removeEventListener(type: 'abort', listener: () => void): void
  throwIfAborted(): void
}

/** What `run` gets besides its input. `D` is the tool's result data (`ToolResult<D>`). */
export interface RunContext<D = unknown> {
  /** Cancellation, a real `AbortSignal`: long loops check `signal.aborted` and stop (workers are also terminated). */
  signal: AbortSignalLike
  /** Report progress in [0, 1], with an optional label; a negative fraction means a step of unknown length (shown as an indeterminate bar with the label). */
  progress: (fraction: number, label?: string) => void
  /**
   * Streams the result so far while the run goes on (rows found, addresses derived): the page
   * shows each one in place of the last until the run's own result arrives. Dropped once the
   * run is cancelled or outrun. Absent where nothing listens (a test, a worker's share step).
   */
  stream?: (partial: ToolResult<D>) => void
  /**
   * The person's ABI library, parsed (ABIs they saved), for a tool whose meta declares
   * `uses: ['abis']` (the decoders consult it before the offline table). Plain data: it crosses
   * to workers.
   */
  abis?: readonly Abi.Abi[]
  /** For `network` tools: the connected chain. Absent elsewhere. */
  rpc?: Eip1193Like
  /** The URL of the connected endpoint, for messages (never a secret). */
  rpcUrl?: string
  /**
   * For tools with an opt-in online lookup: the `fetch` to use, given only when the person
   * ticked the lookup. Absent (the default) means: contact nothing.
   */
  fetch?: (url: string, init?: { method?: string; headers?: Record<string, string>; body?: string; signal?: unknown }) => Promise<{ ok: boolean; status: number; json(): Promise<unknown> } & ReadBody.ResponseLike>
  /**
   * With the lookup ticked: the verified sources the page keeps (IndexedDB, #36), asked before
   * the host through `SourceCache.obtain` (a hit sends nothing). Absent: nothing kept.
   */
  sources?: SourceCache.Store
}

/** Everything about a tool that is cheap to load: shown in the shell. */
export interface ToolMeta {
  id: string
  title: string
  summary: string
  capability: Capability
  keywords: readonly string[]
  runs: RunsOn
  fields: readonly FieldSpec[]
  /** Titles of the field groups (see `FieldSpec.group`): the summary of 'advanced', the heading of a named section. */
  groups?: Readonly<Record<string, string>>
  /** Run on every change (cheap tools) instead of on a button press. Default: runs === 'main'. */
  live?: boolean
  /** The run button's label: what it does ("Look up", "Resolve"). Default "Run", or "Send request" for network tools. */
  action?: string
  /** "Try an example" also runs it (default true); false for a tool whose run sends something (broadcast). */
  examplesRun?: boolean
  /** What the page runner hands the run besides its input: 'abis', the person's ABI library (`RunContext.abis`). */
  uses?: readonly 'abis'[]
}

/**
 * A tool's named second action, run by the page kit beside the main run (`page.act(name)`)
 * over the same fields and the same parse: check a salt instead of mining one, review a
 * transaction before sending it, export a capsule. It has its own state, its errors go
 * through the same scrubbing as the run's, and its result is typed (`R`).
 */
export interface ToolAction<I = unknown, R = unknown> {
  /** The button's label ("Check", "Review"). */
  label: string
  /** Where it runs (default: on the main thread; 'network' gets `ctx.rpc`). */
  runs?: 'main' | 'network'
  /**
   * Parses the raw values itself, instead of the tool's `parse`: an action that reads fewer
   * fields than the run (fill nonce and fees from the node: the sender only, before the fees
   * it fills are given). Its input is then what this returns.
   */
  parse?: (raw: RawInput, files?: Readonly<Record<string, BlobLike>>) => Parsed<I>
  run: (input: I, ctx: RunContext<R>) => ToolResult<R> | Promise<ToolResult<R>>
}

export interface ToolImpl<I = unknown, D = unknown, A extends ToolActions<any> = ToolActions<any>> {
  /** Raw strings (and, for `file` fields, the chosen files) to typed input or field errors. */
  parse: (raw: RawInput, files?: Readonly<Record<string, BlobLike>>) => Parsed<I>
  run: (input: I, ctx: RunContext<D>) => ToolResult<D> | Promise<ToolResult<D>>
  /**
   * Where a run of these raw values goes when it is not where `meta.runs` says: a main-thread
   * tool hands a large input to its worker ('worker': call data over 64 KB, any disassembly of
   * code). The worker runs the same tool (src/workers/tools.ts lists it). Absent: `meta.runs`.
   */
  placeOf?: (raw: RawInput) => RunsOn
  /** At most this many rows per result section cross back from a worker run (the rest counted in a note): a guessed layout of 1 MiB has 32,768 words. */
  rowLimit?: number
  /** Named second actions (see `ToolAction`). */
  actions?: A
  /**
   * Runs in the page's simulation engine instead of `run`: a worker holding the EVM that reads
   * the chosen node (verified reads included), kept by the page across runs (a chained
   * simulation, a recording the debugger steps through). The page hands the runner that engine
   * (`useToolPage(props, { engine })`); the run's data is the engine's answer. `run` stays the
   * same work done in place (tests, a worker-less host).
   */
  engine?: 'simulation' | 'debug'
}

/** A tool's actions: each over the tool's input, or over its own (`ToolAction.parse`). */
export type ToolActions<I = any> = Readonly<Record<string, ToolAction<I, any> | (ToolAction<any, any> & Required<Pick<ToolAction<any, any>, 'parse'>>)>>

/** A tool: its meta and its implementation. `D` is its result's data, `A` its named actions. */
export type Tool<I = unknown, D = unknown, A extends ToolActions<any> = ToolActions<any>> = ToolMeta & ToolImpl<I, D, A>

/** The result data a tool declares (`ToolResult<D>` of its run). */
export type DataOf<T> = T extends Tool<any, infer D, any> ? D : unknown

export interface ToolEntry {
  meta: ToolMeta
  load: () => Promise<{ default: Tool<any> }>
  /** The worked examples (`src/tools/<id>/examples.ts`): loaded with the tool's page, so no route carries every tool's. */
  examples: () => Promise<{ examples: readonly Example[] }>
}

/**
 * How a worker tool's run splits across workers and how the parts merge, declared next to the
 * tool (`src/tools/<id>/split.ts`) and executed by the page runner (`useToolRun`'s `split`):
 * the runner parses on the main thread, asks `parts` for each worker's raw values, runs them
 * (after the `share` step when there is one), sums their progress by `weight` and hands the
 * parts' results, in part order, to `merge`. No page merges results itself.
 */
export interface WorkSplit<I = unknown, D = unknown> {
  /**
   * One worker first parses the whole form and computes what every part needs (the tool
   * module's `share`; hd-derive: the path's parent key), so the secret fields reach that one
   * worker only; each part then gets that value and its own raw values. `label` is the
   * progress shown meanwhile.
   */
  share?: { label: (input: I, raw: RawInput) => string }
  /** The parts of one run: each worker's raw values (and files), and its share of the work. */
  parts: (input: I, ctx: SplitContext) => SplitPart[]
  /**
   * The run's result from the parts' results so far (`undefined` where a part has not finished;
   * `complete` once every part has), or `undefined` for nothing to show yet.
   */
  merge: (results: readonly (ToolResult | undefined)[], ctx: MergeContext<I>) => ToolResult<D> | undefined
  /** True when this part's result ends the whole run (find-address: found): the other parts stop. */
  ends?: (result: ToolResult) => boolean
  /** The progress label, from the work done over all parts (`reported`: any part reported yet). */
  progress?: (p: { done: number; total: number; parts: number; label?: string; reported: boolean }, input: I) => string | undefined
  /** Draw progress (and partial results) at most every this many ms; default once per animation frame. */
  drawEvery?: number
  /** Show the merged results of the parts finished so far while the others run (hd-derive's table). */
  partial?: boolean
  /** The parts send back only their result's `data` (for pages that draw `data` themselves). */
  dataOnly?: boolean
}

export interface SplitContext {
  raw: RawInput
  files: Readonly<Record<string, BlobLike>>
  /** `navigator.hardwareConcurrency` (2 when unknown). */
  cores: number
}

export interface SplitPart {
  raw: RawInput
  files?: Record<string, BlobLike>
  /** Units of work, for progress (a part's fraction counts this much). */
  weight: number
}

export interface MergeContext<I> extends SplitContext {
  input: I
  /** Every part has finished. */
  complete: boolean
  /** Milliseconds since the run started. */
  ms: number
}
