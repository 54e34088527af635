/** Watch-only account as QR: the generic form, and the crypto-hdkey shown as a QR code. */
import type tool from '../../../tools/qr-account'
import { ToolBody, useToolPage, type ToolPageProps } from '../../components'
import { AnimatedQr } from '../../components/AnimatedQr'

export default function QrAccountPage(props: ToolPageProps<typeof tool>) {
  const page = useToolPage(props)
  const data = page.state.status === 'done' && !page.view.stale ? page.view.data : undefined
  return <ToolBody page={page}>{data && <AnimatedQr parts={data.parts} label="Watch-only account QR code" />}</ToolBody>
}
