import type { ToolEntry } from '../types'
import accountMeta from '../account/meta'
import blockMeta from '../block/meta'
import findBlockMeta from '../find-block/meta'
import daEstimateMeta from '../da-estimate/meta'
import b2ePayloadMeta from '../b2e-payload/meta'
import accessListMeta from '../access-list/meta'
import transactionMeta from '../transaction/meta'
import contractReadMeta from '../contract-read/meta'
import ensResolveMeta from '../ens-resolve/meta'
import rpcConsoleMeta from '../rpc-console/meta'
import sendTransactionMeta from '../send-transaction/meta'
import broadcastMeta from '../broadcast/meta'
import simulateMeta from '../simulate/meta'
import debugMeta from '../debug/meta'
import logsMeta from '../logs/meta'
import deployMeta from '../deploy/meta'
import storageReadMeta from '../storage-read/meta'

/** The providers tools, in catalogue order. Each entry: the tool's meta and a lazy import of the tool. */
export const tools: ToolEntry[] = [
  { meta: accountMeta, load: () => import('../account') },
  { meta: contractReadMeta, load: () => import('../contract-read') },
  { meta: storageReadMeta, load: () => import('../storage-read') },
  { meta: sendTransactionMeta, load: () => import('../send-transaction') },
  { meta: deployMeta, load: () => import('../deploy') },
  { meta: transactionMeta, load: () => import('../transaction') },
  { meta: blockMeta, load: () => import('../block') },
  { meta: findBlockMeta, load: () => import('../find-block') },
  { meta: daEstimateMeta, load: () => import('../da-estimate') },
  { meta: b2ePayloadMeta, load: () => import('../b2e-payload') },
  { meta: accessListMeta, load: () => import('../access-list') },
  { meta: logsMeta, load: () => import('../logs') },
  { meta: ensResolveMeta, load: () => import('../ens-resolve') },
  { meta: rpcConsoleMeta, load: () => import('../rpc-console') },
  { meta: broadcastMeta, load: () => import('../broadcast') },
  { meta: simulateMeta, load: () => import('../simulate') },
  { meta: debugMeta, load: () => import('../debug') },
]
