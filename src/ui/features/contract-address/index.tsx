import { ToolForm, type ToolPageProps } from '../../components'

/** CREATE needs a nonce; CREATE2 needs a salt and the init code (or its hash). */
const FIELDS: Record<string, readonly string[]> = {
  create: ['mode', 'deployer', 'nonce'],
  create2: ['mode', 'deployer', 'salt', 'initCode', 'initCodeHash'],
}

export default function ContractAddressPage(props: ToolPageProps) {
  return <ToolForm {...props} fieldsShown={FIELDS[props.values.mode ?? 'create'] ?? FIELDS.create!} />
}
