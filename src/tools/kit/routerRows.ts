/**
 * The sections of a Universal Router plan (`core/abi/UniversalRouter`): the plan (its commands,
 * deadline, problems and Permit2 grants), then one section per command with its flag, its
 * decoded input (special recipients and amounts named), its V3 hops, its V4 actions (a section
 * each), the position-manager call it makes, and its sub-plan, opened the same way.
 */
import * as UniversalRouter from '../../core/abi/UniversalRouter'
import type { Row, Section } from '../types'
import { argRows } from './argRows'

const hex2 = (n: number) => `0x${n.toString(16).padStart(2, '0')}`

/** Decoded arguments with what special values (MSG_SENDER, CONTRACT_BALANCE…) mean added to their notes. */
function stepArgRows(step: UniversalRouter.Step): Row[] {
  // No "decode as call data" link: a router input's bytes (a V3 path, hook data) are not calls.
  return argRows(step.args).map(({ open: _open, ...r }) => {
    const m = step.meanings[r.label]
    return m ? { ...r, note: `${r.note}. ${m}` } : r
  })
}

function stepHead(step: UniversalRouter.Step, what: 'command' | 'action'): Row[] {
  return [
    { label: what, value: `${hex2(step.type)} ${step.name}`, note: step.what },
    ...(step.layout ? [{ label: 'layout', value: step.layout, mono: false, copy: false, note: 'The input is exactly the encoding of this layout.' }] : []),
    ...(step.error ? [{ label: 'problem', value: step.error, mono: false, copy: false, tone: 'error' as const }] : []),
  ]
}

function grantRows(grants: readonly { unlimited: boolean; text: string }[]): Row[] {
  return grants.map((g) => ({ label: 'Permit2', value: g.unlimited ? 'Unlimited Permit2 allowance' : 'Permit2 allowance', mono: false, copy: false, note: g.text, ...(g.unlimited ? { tone: 'warn' as const } : {}) }))
}

function commandSections(c: UniversalRouter.Command, prefix: string): Section[] {
  const title = `${prefix}command ${c.index}`
  const rows: Row[] = [
    ...stepHead(c, 'command'),
    {
      label: 'allow revert',
      value: c.allowRevert ? 'yes (flag 0x80)' : 'no',
      mono: false,
      copy: false,
      note: c.allowRevert ? 'If this command fails, the plan goes on.' : 'If this command fails, the whole call reverts.',
    },
    ...stepArgRows(c),
    ...(c.path ?? []).map((h, i) => ({ label: `hop ${i + 1}`, value: `${h.tokenIn} → ${h.tokenOut}`, note: `pool fee ${UniversalRouter.feeText(h.fee)} (${h.fee})` })),
    ...(c.call ? [{ label: 'call', value: c.call.signature, note: `${c.call.human} (on the position manager)` }, ...argRows(c.call.args, false, 1)] : []),
    ...grantRows(c.grants),
    { label: 'input (raw)', value: c.input, note: `${(c.input.length - 2) / 2} bytes` },
  ]
  const sections: Section[] = [{ title: `${title}: ${c.name}`, rows }]
  for (const a of c.actions ?? []) sections.push({ title: `${title} › action ${a.index}: ${a.name}`, rows: [...stepHead(a, 'action'), ...stepArgRows(a)] })
  if (c.plan) sections.push(...routerSections(c.plan, `${title} › sub-plan`))
  return sections
}

/** The sections of a plan; `prefix` names where it sits (`command 2 › sub-plan`). */
export function routerSections(plan: UniversalRouter.Plan, prefix = ''): Section[] {
  const n = plan.commands.length
  const head: Row[] = [
    {
      label: 'commands',
      value: `${n} command${n === 1 ? '' : 's'}: ${plan.commands.map((c) => c.name).join(', ')}`,
      mono: false,
      note: 'Uniswap Universal Router: each command below runs in order, its input decoded with the types the router reads it with.',
    },
    ...(plan.deadline !== undefined ? [{ label: 'deadline', value: plan.deadline, abiType: 'uint256', note: 'The call reverts after this time (seconds since 1970).' }] : []),
    ...plan.warnings.map((w) => ({ label: 'problem', value: w, mono: false, copy: false, tone: 'error' as const })),
    ...(prefix ? [] : grantRows(UniversalRouter.grantsOf(plan).filter((g) => g.unlimited))),
  ]
  return [{ title: prefix ? `${prefix}: plan` : 'Universal Router plan', rows: head }, ...plan.commands.flatMap((c) => commandSections(c, prefix ? `${prefix} › ` : ''))]
}
