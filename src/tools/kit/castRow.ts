/**
 * The "As cast" row every chain tool ends with (#37): the `cast` commands that do what the tool
 * just did, on the same node (its URL's key masked) and block, one a line, copied at once.
 */
import * as CastCommand from '../../core/chain/CastCommand'
import type { Row, Section } from '../types'

/** The section, or none without a node URL (a tool run offline) or a command cast can say. */
export function castSection(commands: readonly (CastCommand.Words | undefined)[], rpcUrl: string | undefined, note?: string): Section[] {
  const said = commands.filter((c): c is CastCommand.Words => c !== undefined)
  if (!rpcUrl || !said.length) return []
  return terminalSection(CastCommand.lines(said, rpcUrl), note ?? `The same with Foundry's cast on this node${/<key>/.test(CastCommand.line([], rpcUrl)) ? ' (put your key back where the URL says <key>)' : ''}.`)
}

/** The "In a terminal" section holding cast lines already made (one a line), for a tool with or without a node. */
export function terminalSection(value: string, note: string): Section[] {
  const row: Row = { label: 'As cast', value, lines: value.includes('\n'), note }
  return [{ title: 'In a terminal', rows: [row] }]
}
