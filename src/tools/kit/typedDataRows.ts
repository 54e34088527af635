/** The auditor's view of EIP-712 typed data, shared by sign-typed-data, verify-signature and the QR signing tools. */
import * as TypedDataView from '../../core/sign/TypedDataView'
import type { Row, Section, ToolResult } from '../types'

/** The auditor's sections for typed data: hashes, Permit call-out, values. Shared with verify-signature. */
export function typedDataSections(td: TypedDataView.Parsed): { sections: Section[]; notes: NonNullable<ToolResult['notes']> } {
  const view = TypedDataView.view(td)
  const notes: NonNullable<ToolResult['notes']> = []
  for (const u of view.undeclared) notes.push({ tone: 'warn', text: `${u} is not declared in the types: it is NOT signed, whatever the app shows.` })
  for (const w of view.warnings) notes.push({ tone: 'warn', text: w })
  const hashes: Row[] = [
    ...(view.encodeType ? [{ label: 'Encoded type', value: view.encodeType }] : []),
    ...(view.typeHash ? [{ label: 'Type hash', value: view.typeHash, note: 'keccak256(encoded type)' }] : []),
    { label: 'Domain type', value: view.domainEncodeType },
    { label: 'Domain separator', value: view.domainSeparator },
    ...(view.structHash ? [{ label: 'Struct hash', value: view.structHash, note: `hashStruct(${view.primaryType})` }] : []),
    { label: 'Digest', value: view.digest, note: 'keccak256(0x1901 ‖ domain separator ‖ struct hash): what is signed' },
  ]
  const sections: Section[] = [{ title: 'EIP-712', rows: hashes }]
  if (view.permit) {
    const p = view.permit
    notes.push({ tone: 'warn', text: `${p.kind}: signing lets ${p.spender} move tokens from the owner without another signature.` })
    const rows: Row[] = [
      { label: 'Approval', value: p.kind, mono: false, tone: 'warn' },
      { label: 'Spender', value: p.spender },
      ...(p.owner ? [{ label: 'Owner', value: p.owner }] : []),
      ...p.tokens.flatMap((t, i) => [
        { label: p.tokens.length > 1 ? `Token ${i + 1}` : 'Token', value: t.token },
        { label: p.tokens.length > 1 ? `Amount ${i + 1}` : 'Amount', value: t.amountText, mono: false, ...(t.amountText.startsWith('unlimited') ? { tone: 'warn' as const } : {}) },
      ]),
      ...(p.deadline ? [{ label: 'Deadline', value: p.deadline.iso, note: `${p.deadline.seconds} (unix seconds)${p.deadline.expired ? ': already passed' : ''}` }] : []),
      ...(p.expiration ? [{ label: 'Allowance expires', value: p.expiration.iso, note: `${p.expiration.seconds} (unix seconds)` }] : []),
    ]
    sections.unshift({ title: 'Approval', rows })
  }
  const values = TypedDataView.leaves(td)
  sections.push({ title: 'Values (only declared fields, as hashed)', rows: values.map((l) => ({ label: l.path, value: l.value, note: l.type })) })
  return { sections, notes }
}
