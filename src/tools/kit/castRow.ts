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
  const row: Row = {
    label: 'As cast',
    value: CastCommand.lines(said, rpcUrl),
    lines: said.length > 1,
    note: note ?? `The same with Foundry's cast on this node${/<key>/.test(CastCommand.line([], rpcUrl)) ? ' (put your key back where the URL says <key>)' : ''}.`,
  }
  return [{ title: 'In a terminal', rows: [row] }]
}
