import { isShown } from '../../tools/define'
import type { ToolPageProps } from '../hooks/useToolPage'
import { KeyringPicker } from './KeyringPicker'

/**
 * The keyring picker for a page's `privateKey` field, drawn while that field is shown (its
 * `showWhen`): the signing pages' way to use a key already in the in-page keyring.
 */
export function KeyFieldPicker({ meta, values, setValues }: Pick<ToolPageProps, 'meta' | 'values' | 'setValues'>) {
  if (!isShown(meta, 'privateKey', values)) return null
  return <KeyringPicker value={values.privateKey ?? ''} onPick={(k) => setValues({ privateKey: k?.privateKey ?? '' })} />
}
