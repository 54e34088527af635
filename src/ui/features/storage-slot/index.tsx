import { ToolForm, type ToolPageProps } from '../../components'

/** Only the fields the chosen layout uses: mapping keys, array index and size, or a namespace. */
const FIELDS: Record<string, readonly string[]> = {
  mapping: ['layout', 'slot', 'keys'],
  array: ['layout', 'slot', 'index', 'elementSize'],
  erc7201: ['layout', 'namespace'],
  eip1967: ['layout'],
}

export default function StorageSlotPage(props: ToolPageProps) {
  const layout = props.values.layout ?? 'mapping'
  return <ToolForm {...props} fieldsShown={FIELDS[layout] ?? FIELDS.mapping!} />
}
