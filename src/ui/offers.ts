/**
 * What a pasted value can open, as the palette and the home page's paste box offer it: one
 * offer per tool that can take it (`detect`), best first. Choosing an offer opens the tool with
 * the value filled in; a secret, or a value that may be secret (32 bytes) or reveals a wallet
 * (an xpub), is handed over in memory only, never through the URL. Nothing reaches a node or
 * the URL until the person chooses; a lookup chosen from an explorer's link ("Look up a
 * transaction hash on the node") runs as it opens.
 */
import { detect, inMemoryOnly, isSecretTarget, OFFERS_SHOWN } from '../tools/detect'
import { findTool } from '../tools/registry'
import { handOff } from './handoff'
import { requestExampleRun } from './hooks/exampleRun'
import { navigate } from './router'
import { toolHref } from './url'

export interface Offer {
  key: string
  /** "Open a transaction hash in Transaction lookup". */
  title: string
  /** What the value looks like ("a transaction hash"). */
  what: string
  /** The tool's title. */
  toolTitle: string
  /** How the value is handed over, or the tool's summary. */
  detail: string
  /**
   * The value may be a secret as well as something a tool sends (32 bytes: a transaction or block
   * hash, a topic, or a private key): no offer is the default, the person chooses what it is (#35).
   */
  ambiguous: boolean
  go: () => void
}

/** What the palette and the home page say when a value may be a secret: they offer no default. */
export const AMBIGUOUS_NOTE = '32 bytes may be a hash or a private key: choose what it is. Nothing is opened or sent until you do.'

/**
 * Tools whose offer is a lookup of a public identifier (a transaction or a block by its hash or
 * number, read from an explorer's link): choosing it is asking the node, so the tool runs as it
 * opens, and the offer says so. Not for a bare 32-byte value, which may be a private key.
 */
const RUNS_ON_CHOICE = new Set(['transaction', 'block'])

/** Longest pasted value looked at (a contract's init code is well under it). */
export const MAX_OFFER_CHARS = 1024 * 1024
/** More words than any recovery phrase (24) has, with room for a passphrase typed after it. */
const MAX_PHRASE_WORDS = 48

/**
 * Why a pasted value is not looked at (too long, or more words than any phrase), or null: a
 * hostile paste gets this answer at once, before anything parses it (#28).
 */
export function tooLongToOffer(text: string): string | null {
  if (text.length > MAX_OFFER_CHARS) return `This is ${text.length.toLocaleString('en-US')} characters: too long to look at here. Open the tool it belongs to and paste it there, or choose a file.`
  const word = /\S+/g
  let n = 0
  while (word.exec(text) && ++n <= MAX_PHRASE_WORDS);
  if (n > MAX_PHRASE_WORDS) return `This has more than ${MAX_PHRASE_WORDS} words: a recovery phrase has 12 to 24, so no tool is offered for it.`
  return null
}

/** The offers for `text`, best first, at most `limit`. */
export function offersFor(text: string, limit = OFFERS_SHOWN): Offer[] {
  const value = text.trim()
  if (tooLongToOffer(value)) return []
  return detect(value).slice(0, limit).flatMap((sug) => {
    const entry = findTool(sug.tool)
    if (!entry) return []
    const memory = inMemoryOnly(sug)
    const v = sug.value ?? value
    // a value that may be a private key is never sent by a choice alone: its form opens filled, and Look up sends it
    const runs = RUNS_ON_CHOICE.has(sug.tool) && sug.shape !== 'private-key'
    return [{
      key: `detect-${sug.tool}`,
      title: runs ? `Look up ${sug.what} on the node (${entry.meta.title})` : `Open ${sug.what} in ${entry.meta.title}`,
      what: sug.what,
      toolTitle: entry.meta.title,
      ambiguous: sug.shape === 'private-key',
      detail: isSecretTarget(sug)
        ? 'kept in this page only, never in the URL'
        : sug.shape === 'extended-public-key'
          ? 'kept out of the URL: an xpub is not secret, but it reveals every address of the account'
          : sug.shape
            ? 'handed over in this page only, not in the URL: the value may be a private key'
            : entry.meta.summary,
      go: () => {
        // a lookup chosen by name runs as it opens: the choice says it asks the node (#35)
        if (runs) requestExampleRun(sug.tool, { ...sug.extra, [sug.field]: v })
        if (memory) {
          handOff(sug.tool, { [sug.field]: v, ...sug.extra })
          navigate(`/${sug.tool}${sug.extra ? toolHref(entry.meta, sug.extra).slice(sug.tool.length + 1) : ''}`)
        } else navigate(toolHref(entry.meta, { ...sug.extra, [sug.field]: v }))
      },
    }]
  })
}
