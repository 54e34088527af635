import type { ToolEntry } from '../types'
import signMessageMeta from '../sign-message/meta'
import signTypedDataMeta from '../sign-typed-data/meta'
import verifySignatureMeta from '../verify-signature/meta'
import signatureInspectMeta from '../signature-inspect/meta'
import siweMeta from '../siwe/meta'
import authorizationMeta from '../authorization/meta'
import txBuildMeta from '../tx-build/meta'
import txDecodeMeta from '../tx-decode/meta'
import rlpMeta from '../rlp/meta'
import safeTxMeta from '../safe-tx/meta'
import safeMessageMeta from '../safe-message/meta'
import userOperationMeta from '../user-operation/meta'
import qrRequestMeta from '../qr-request/meta'
import qrSignMeta from '../qr-sign/meta'
import qrAccountMeta from '../qr-account/meta'

/** The signing tools, in catalogue order. Each entry: the tool's meta and a lazy import of the tool. */
export const tools: ToolEntry[] = [
  { meta: signMessageMeta, load: () => import('../sign-message') },
  { meta: signTypedDataMeta, load: () => import('../sign-typed-data') },
  { meta: verifySignatureMeta, load: () => import('../verify-signature') },
  { meta: signatureInspectMeta, load: () => import('../signature-inspect') },
  { meta: siweMeta, load: () => import('../siwe') },
  { meta: authorizationMeta, load: () => import('../authorization') },
  { meta: txBuildMeta, load: () => import('../tx-build') },
  { meta: txDecodeMeta, load: () => import('../tx-decode') },
  { meta: rlpMeta, load: () => import('../rlp') },
  { meta: safeTxMeta, load: () => import('../safe-tx') },
  { meta: safeMessageMeta, load: () => import('../safe-message') },
  { meta: userOperationMeta, load: () => import('../user-operation') },
  { meta: qrRequestMeta, load: () => import('../qr-request') },
  { meta: qrSignMeta, load: () => import('../qr-sign') },
  { meta: qrAccountMeta, load: () => import('../qr-account') },
]
