/**
 * The kinds of field many tools declare (an address, a block tag, hex data, a private key, a
 * numeric input, a select, a checkbox…), each written once: a meta.ts lists its fields as calls
 * of these. Plain data only (every meta loads on the first screen): no imports but types.
 */
import type { FieldOption, FieldSpec } from '../types'

/** What a field declares beyond its name, label and kind. */
export type FieldExtra = Omit<FieldSpec, 'name' | 'label' | 'kind'>

/** A select option: `[value, label]`, or a `FieldOption` as it is. */
export type Option = readonly [value: string, label: string] | FieldOption

/** The help of a secret field that says where the secret stays. */
export const STAYS_IN_PAGE = 'Stays in this page: never in the URL, storage or logs.'

/** The help of the decoders' opt-in lookup of unknown selectors and topics. */
const LOOKUP_HELP = 'Sends only the unknown selector or topic to api.openchain.xyz; off by default, and nothing is sent while it is off.'

/** A one-line text input. */
export function text(name: string, label: string, extra: FieldExtra = {}): FieldSpec {
  return { name, label, kind: 'text', ...extra }
}

/** A text box of several lines. */
export function textarea(name: string, label: string, extra: FieldExtra = {}): FieldSpec {
  return { name, label, kind: 'textarea', ...extra }
}

/** A file picker. */
export function file(name: string, label: string, extra: FieldExtra = {}): FieldSpec {
  return { name, label, kind: 'file', ...extra }
}

/** A checkbox, ticked at first when `on`. */
export function checkbox(name: string, label: string, on = false, extra: FieldExtra = {}): FieldSpec {
  return { name, label, kind: 'checkbox', default: on ? 'true' : 'false', ...extra }
}

/** A select; its default is the first option unless `extra.default` names another. */
export function select(name: string, label: string, options: readonly Option[], extra: FieldExtra = {}): FieldSpec {
  const opts = options.map((o): FieldOption => ('value' in o ? o : { value: o[0], label: o[1] }))
  return { name, label, kind: 'select', default: opts[0]?.value ?? '', options: opts, ...extra }
}

/** A whole number typed on a numeric keyboard, `def` at first when given (`numeric(name, label, extra)` without one). */
export function numeric(name: string, label: string, def?: string | FieldExtra, extra: FieldExtra = {}): FieldSpec {
  if (typeof def === 'object') return numeric(name, label, undefined, def)
  return text(name, label, { ...(def !== undefined ? { default: def } : {}), inputMode: 'numeric', ...extra })
}

/** A 0x address. */
export function address(name: string, label: string, extra: FieldExtra = {}): FieldSpec {
  return text(name, label, { placeholder: '0x…', address: true, ...extra })
}

/** Hex bytes of any length (call data, return data), in a text box. */
export function hexData(name: string, label: string, extra: FieldExtra = {}): FieldSpec {
  return textarea(name, label, { placeholder: '0x…', ...extra })
}

/** A block tag or number, `latest` at first. */
export function blockTag(name: string, label: string, extra: FieldExtra = {}): FieldSpec {
  return text(name, label, { default: 'latest', ...extra })
}

/** A secret typed on one line (a password, a passphrase, a key): never in the URL, storage or logs. */
export function password(name: string, label: string, extra: FieldExtra = {}): FieldSpec {
  return text(name, label, { secret: true, ...extra })
}

/** A private key (secret), named `privateKey`. */
export function privateKey(label: string, extra: FieldExtra = {}): FieldSpec {
  return password('privateKey', label, { placeholder: '0x… (64 hex digits)', ...extra })
}

/** A private key (secret) whose help says where it stays. */
export function pageKey(label: string, extra: FieldExtra = {}): FieldSpec {
  return privateKey(label, { help: STAYS_IN_PAGE, ...extra })
}

/** An ABI (JSON, artifact or signatures), named `abi`. */
export function abi(label: string, extra: FieldExtra = {}): FieldSpec {
  return textarea('abi', label, extra)
}

/** The decoders' checkbox that allows looking up unknown signatures online, off at first. */
export function signatureLookup(): FieldSpec {
  return checkbox('lookup', 'Look up unknown signatures online (api.openchain.xyz)', false, { help: LOOKUP_HELP })
}

/** The verified-source host (#36), named beside its lookup: Sourcify's server unless the person gives another. */
export function verifiedHost(extra: FieldExtra = {}): FieldSpec {
  return text('host', 'Verified-source host', { default: 'https://sourcify.dev/server', help: 'Sourcify’s server, or any host serving its /v2/contract API (a self-hosted Sourcify).', ...extra })
}

/**
 * The verified-source lookup's checkbox (#36), named `lookup`: off at first and never taken from
 * a link (`notInLink`), so nothing goes to the host before the person ticks it on this page.
 */
export function verifiedLookup(label: string, help: string, extra: FieldExtra = {}): FieldSpec {
  return checkbox('lookup', label, false, { help, notInLink: true, ...extra })
}

/** Shown while `field` holds one of `values`. */
export function when(field: string, ...values: string[]): FieldSpec['showWhen'] {
  return { field, is: values }
}

/** Shown while `field` holds none of `values`. */
export function unless(field: string, ...values: string[]): FieldSpec['showWhen'] {
  return { field, not: values }
}
