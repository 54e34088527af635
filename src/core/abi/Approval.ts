/**
 * Approvals in decoded call data: a call that lets someone else move the sender's tokens, and
 * whether it does so without limit. Read from the function's canonical signature and its
 * decoded arguments (JSON form), so it applies wherever a call is decoded (the call-data
 * decoder, a transaction, a call nested in a multicall or a Safe batch).
 *
 * @example
 * ```ts
 * Approval.of('approve(address,uint256)', [{ json: spender }, { json: (2n ** 256n - 1n).toString() }])
 * // { kind: 'erc20', spender, amount: '1157…', unlimited: true, text: 'Unlimited approval: …' }
 * ```
 */
/** An approval at or above this is shown as unlimited (2^128: no real supply comes near it). */
export const UNLIMITED = 2n ** 128n

export interface Grant {
  /** erc20: approve / increaseAllowance; permit: EIP-2612 or DAI's; permit2: Uniswap's Permit2; all: setApprovalForAll. */
  kind: 'erc20' | 'permit' | 'permit2' | 'all'
  spender: string
  /** The amount allowed, in the token's smallest unit (decimal); absent for all-or-nothing grants. */
  amount?: string
  /** At or above 2^128 (no real supply comes near it), or every token of a collection. */
  unlimited: boolean
  /** One line a person reads. */
  text: string
}

type ArgLike = { json: unknown }

const big = (v: unknown): bigint | null => {
  try {
    return typeof v === 'string' || typeof v === 'number' || typeof v === 'bigint' ? BigInt(v) : null
  } catch {
    return null
  }
}

function amountGrant(kind: Grant['kind'], spender: unknown, amount: unknown, what: string): Grant | null {
  const v = big(amount)
  if (typeof spender !== 'string' || v === null) return null
  const unlimited = v >= UNLIMITED
  return {
    kind,
    spender,
    amount: v.toString(),
    unlimited,
    text: unlimited
      ? `Unlimited ${what}: ${spender} may move every token of this kind the owner holds, now and later, until the approval is revoked.`
      : `${what[0]!.toUpperCase()}${what.slice(1)} of ${v} (smallest units) to ${spender}.`,
  }
}

/** The approval a call grants, or null when the call grants none (by its canonical signature). */
export function of(signature: string, args: readonly ArgLike[]): Grant | null {
  const a = args.map((x) => x.json)
  switch (signature) {
    case 'approve(address,uint256)':
      return amountGrant('erc20', a[0], a[1], 'approval')
    case 'increaseAllowance(address,uint256)':
      return amountGrant('erc20', a[0], a[1], 'allowance increase')
    case 'permit(address,address,uint256,uint256,uint8,bytes32,bytes32)': // EIP-2612: owner, spender, value, deadline, v, r, s
      return amountGrant('permit', a[1], a[2], 'permit')
    case 'permit(address,address,uint256,uint256,bool,uint8,bytes32,bytes32)': // DAI: holder, spender, nonce, expiry, allowed, v, r, s
      return typeof a[1] === 'string' && a[4] === true
        ? { kind: 'permit', spender: a[1], unlimited: true, text: `Unlimited permit: ${a[1]} may move every DAI the holder has, until the permit is revoked.` }
        : null
    case 'approve(address,address,uint160,uint48)': // Permit2: token, spender, amount, expiration
      return amountGrant('permit2', a[1], a[2], 'Permit2 approval')
    case 'permit(address,((address,uint160,uint48,uint48),address,uint256),bytes)': {
      // Permit2 PermitSingle: ((token, amount, expiration, nonce), spender, sigDeadline)
      const single = a[1] as unknown[] | undefined
      const details = single?.[0] as unknown[] | undefined
      return Array.isArray(single) && Array.isArray(details) ? amountGrant('permit2', single[1], details[1], 'Permit2 permit') : null
    }
    case 'setApprovalForAll(address,bool)':
      return typeof a[0] === 'string' && a[1] === true
        ? { kind: 'all', spender: a[0], unlimited: true, text: `Approval for all: ${a[0]} may move every token of this collection the owner holds, now and later.` }
        : null
    default:
      return null
  }
}
