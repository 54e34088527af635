/** Watch-only account as QR: the generic form, and the crypto-hdkey shown as a QR code. */
import { useCallback, useState } from 'react'
import type { QrAccountData } from '../../../tools/qr-account'
import type { ToolResult } from '../../../tools/types'
import { ToolForm, type ToolPageProps } from '../../components'
import { AnimatedQr } from '../../components/AnimatedQr'

export default function QrAccountPage(props: ToolPageProps) {
  const [data, setData] = useState<QrAccountData | undefined>()
  const onResult = useCallback((r: ToolResult | undefined) => setData(r?.data as QrAccountData | undefined), [])
  return (
    <ToolForm {...props} onResult={onResult}>
      {data && <AnimatedQr parts={data.parts} label="Watch-only account QR code" />}
    </ToolForm>
  )
}
