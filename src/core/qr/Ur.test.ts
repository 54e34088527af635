import { describe, expect, it } from 'vitest'
import fc from 'fast-check'
import { UR, UREncoder } from '@ngraveio/bc-ur'
import * as Ur from './Ur'
import { expectDomainError, expectDomainErrorOrValue } from '../../../test/support'

const hex = (b: Uint8Array) => Buffer.from(b).toString('hex')
const unhex = (h: string) => new Uint8Array(Buffer.from(h, 'hex'))

// BCR-2020-005 (BlockchainCommons/Research papers/bcr-2020-005-ur.md), "Bytewords Example":
// the CBOR text "Hello, world" (6c48656c6c6f2c20776f726c64) in minimal bytewords.
const HELLO_CBOR = '6c48656c6c6f2c20776f726c64'
const HELLO_BYTEWORDS = 'jzfdihjzjzjldwcxktjljpjzieatjpgele'

// ngraveio/bc-ur tests/ur.test.ts, "encode/decode single part ur": makeMessageUR(50), i.e. the
// CBOR byte string of the first 50 bytes of Xoshiro256** seeded with "Wolf".
const SINGLE_50 = 'ur:bytes/hdeymejtswhhylkepmykhhtsytsnoyoyaxaedsuttydmmhhpktpmsrjtgwdpfnsboxgwlbaawzuefywkdplrsrjynbvygabwjldapfcsdwkbrkch'

// ngraveio/bc-ur tests/ur.test.ts, "UR Encoder / encoder test": makeMessageUR(256) (the first 256
// bytes of the same Xoshiro stream, as a CBOR byte string), maxFragmentLength 30, the first 20 parts.
const MULTI_256 = [
  'ur:bytes/1-9/lpadascfadaxcywenbpljkhdcahkadaemejtswhhylkepmykhhtsytsnoyoyaxaedsuttydmmhhpktpmsrjtdkgslpgh',
  'ur:bytes/2-9/lpaoascfadaxcywenbpljkhdcagwdpfnsboxgwlbaawzuefywkdplrsrjynbvygabwjldapfcsgmghhkhstlrdcxaefz',
  'ur:bytes/3-9/lpaxascfadaxcywenbpljkhdcahelbknlkuejnbadmssfhfrdpsbiegecpasvssovlgeykssjykklronvsjksopdzmol',
  'ur:bytes/4-9/lpaaascfadaxcywenbpljkhdcasotkhemthydawydtaxneurlkosgwcekonertkbrlwmplssjtammdplolsbrdzcrtas',
  'ur:bytes/5-9/lpahascfadaxcywenbpljkhdcatbbdfmssrkzmcwnezelennjpfzbgmuktrhtejscktelgfpdlrkfyfwdajldejokbwf',
  'ur:bytes/6-9/lpamascfadaxcywenbpljkhdcackjlhkhybssklbwefectpfnbbectrljectpavyrolkzczcpkmwidmwoxkilghdsowp',
  'ur:bytes/7-9/lpatascfadaxcywenbpljkhdcavszmwnjkwtclrtvaynhpahrtoxmwvwatmedibkaegdosftvandiodagdhthtrlnnhy',
  'ur:bytes/8-9/lpayascfadaxcywenbpljkhdcadmsponkkbbhgsoltjntegepmttmoonftnbuoiyrehfrtsabzsttorodklubbuyaetk',
  'ur:bytes/9-9/lpasascfadaxcywenbpljkhdcajskecpmdckihdyhphfotjojtfmlnwmadspaxrkytbztpbauotbgtgtaeaevtgavtny',
  'ur:bytes/10-9/lpbkascfadaxcywenbpljkhdcahkadaemejtswhhylkepmykhhtsytsnoyoyaxaedsuttydmmhhpktpmsrjtwdkiplzs',
  'ur:bytes/11-9/lpbdascfadaxcywenbpljkhdcahelbknlkuejnbadmssfhfrdpsbiegecpasvssovlgeykssjykklronvsjkvetiiapk',
  'ur:bytes/12-9/lpbnascfadaxcywenbpljkhdcarllaluzmdmgstospeyiefmwejlwtpedamktksrvlcygmzemovovllarodtmtbnptrs',
  'ur:bytes/13-9/lpbtascfadaxcywenbpljkhdcamtkgtpknghchchyketwsvwgwfdhpgmgtylctotzopdrpayoschcmhplffziachrfgd',
  'ur:bytes/14-9/lpbaascfadaxcywenbpljkhdcapazewnvonnvdnsbyleynwtnsjkjndeoldydkbkdslgjkbbkortbelomueekgvstegt',
  'ur:bytes/15-9/lpbsascfadaxcywenbpljkhdcaynmhpddpzmversbdqdfyrehnqzlugmjzmnmtwmrouohtstgsbsahpawkditkckynwt',
  'ur:bytes/16-9/lpbeascfadaxcywenbpljkhdcawygekobamwtlihsnpalnsghenskkiynthdzotsimtojetprsttmukirlrsbtamjtpd',
  'ur:bytes/17-9/lpbyascfadaxcywenbpljkhdcamklgftaxykpewyrtqzhydntpnytyisincxmhtbceaykolduortotiaiaiafhiaoyce',
  'ur:bytes/18-9/lpbgascfadaxcywenbpljkhdcahkadaemejtswhhylkepmykhhtsytsnoyoyaxaedsuttydmmhhpktpmsrjtntwkbkwy',
  'ur:bytes/19-9/lpbwascfadaxcywenbpljkhdcadekicpaajootjzpsdrbalpeywllbdsnbinaerkurspbncxgslgftvtsrjtksplcpeo',
  'ur:bytes/20-9/lpbbascfadaxcywenbpljkhdcayapmrleeleaxpasfrtrdkncffwjyjzgyetdmlewtkpktgllepfrltataztksmhkbot',
]

// BCR-2020-007 (papers/bcr-2020-007-hdkey.md), Example/Test Vector 1: the BIP-32 test vector 1 master key.
const HDKEY_1_CBOR = 'a301f503582100e8f32e723decf4051aefac8e2c93c9c5b214313817cdb01a1494b917c8436b35045820873dff81c02f525623fd1fe5167eac3a55a049de3d314bb42ee227ffed37d508'
const HDKEY_1_UR = 'ur:crypto-hdkey/otadykaxhdclaevswfdmjpfswpwkahcywspsmndwmusoskprbbehetchsnpfcybbmwrhchspfxjeecaahdcxltfszmlyrtdlgmhfcnzcctvwcmkbpsftgonbgauefsehgrqzdmvodizmweemtlaybakiylat'

describe('Ur: published vectors', () => {
  it('bytewords of "Hello, world" (BCR-2020-005)', () => {
    expect(hex(Ur.decodeSingle(`ur:bytes/${HELLO_BYTEWORDS}`).cbor)).toBe(HELLO_CBOR)
    expect(Ur.encodeSingle('bytes', unhex(HELLO_CBOR))).toBe(`ur:bytes/${HELLO_BYTEWORDS}`)
  })

  it('crypto-hdkey test vector 1 (BCR-2020-007), upper case as in a QR code too', () => {
    expect(Ur.encodeSingle('crypto-hdkey', unhex(HDKEY_1_CBOR))).toBe(HDKEY_1_UR)
    expect(hex(Ur.decodeSingle(HDKEY_1_UR.toUpperCase()).cbor)).toBe(HDKEY_1_CBOR)
  })

  it('single-part 50-byte message (bc-ur tests)', () => {
    const { type, cbor } = Ur.decodeSingle(SINGLE_50)
    expect(type).toBe('bytes')
    expect(cbor.length).toBe(52) // 0x58 0x32 header + 50 bytes
    expect(Ur.encodeSingle('bytes', cbor)).toBe(SINGLE_50)
  })

  it('multi-part 256-byte message: encoder output equals the 20 published parts (bc-ur tests)', () => {
    const d = Ur.decoder()
    for (const p of MULTI_256.slice(0, 9)) d.receive(p)
    const cbor = d.result()!.cbor
    expect(cbor.length).toBe(259) // 0x59 0x0100 header + 256 bytes
    // The same Xoshiro stream: the 50-byte single-part message is its prefix.
    expect(hex(cbor.slice(3, 53))).toBe(hex(Ur.decodeSingle(SINGLE_50).cbor.slice(2)))
    const enc = Ur.encode('bytes', cbor, { maxFragmentLength: 30, extra: 11 })
    expect(enc.fragments).toBe(9)
    expect(enc.parts).toEqual(MULTI_256)
  })

  it('multi-part: a lost pure part is recovered from the fountain-mixed parts (10–20)', () => {
    const pure = Ur.decoder()
    for (const p of MULTI_256.slice(0, 9)) pure.receive(p)
    const mixed = Ur.decoder()
    for (const p of [...MULTI_256.slice(1, 9), ...MULTI_256.slice(9)]) if (!mixed.result()) mixed.receive(p)
    expect(mixed.result()).toBeDefined()
    expect(hex(mixed.result()!.cbor)).toBe(hex(pure.result()!.cbor))
  })
})

describe('Ur: refusals', () => {
  it('foreign text is not a UR', () => {
    for (const t of ['https://example.com', '0x02f8', 'ethereum:0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266', 'ur:', 'ur:bytes'])
      expect(() => Ur.decodeSingle(t)).toThrow(Ur.NotUrError)
  })
  it('one changed byteword fails the checksum', () => {
    const bad = SINGLE_50.replace('hdey', 'hdez')
    expect(() => Ur.decodeSingle(bad)).toThrow(Ur.CorruptedPartError)
    const badPart = MULTI_256[0]!.replace('lpadascf', 'lpadasce')
    expect(() => Ur.decoder().receive(badPart)).toThrow(Ur.CorruptedPartError)
  })
  it('a part of another message is refused, not mixed in', () => {
    const other = Ur.encode('bytes', new Uint8Array(Buffer.from('59010' + '0'.repeat(3) + 'ab'.repeat(256), 'hex')), { maxFragmentLength: 30 })
    const d = Ur.decoder()
    d.receive(MULTI_256[0]!)
    expect(() => d.receive(other.parts[1]!)).toThrow(Ur.MixedMessageError)
    expect(() => d.receive('ur:crypto-hdkey/1-9/lpaoascfadaxcywenbpljkhdcagwdpfnsboxgwlbaawzuefywkdplrsrjynbvygabwjldapfcsgmghhkhstlrdcxaefz')).toThrow(Ur.MixedMessageError)
  })
  it('an unexpected type is refused by a decoder told what to expect', () => {
    expect(() => Ur.decoder({ types: ['eth-signature'] }).receive(HDKEY_1_UR)).toThrow(Ur.UnexpectedTypeError)
  })
  it('a part announcing a huge message is refused before anything is allocated', () => {
    // [1, 9, 2^31, 0, h''] as a fragment: messageLen far beyond the bound.
    const cbor = unhex('8501091a800000000040')
    const body = Ur.encodeSingle('bytes', cbor).slice('ur:bytes/'.length)
    expect(() => Ur.decoder().receive(`ur:bytes/1-9/${body}`)).toThrow(Ur.TooLargeError)
    expect(() => Ur.decoder().receive('ur:bytes/1-99999/ae')).toThrow(Ur.TooLargeError)
  })
})

describe('Ur: differential against @ngraveio/bc-ur (the reference JS codec)', () => {
  it('the same parts for random messages and fragment lengths, single- and multi-part', () => {
    fc.assert(
      fc.property(fc.uint8Array({ minLength: 1, maxLength: 2500 }), fc.integer({ min: 10, max: 500 }), fc.nat(1000), (msg, max, first) => {
        const ref = new UREncoder(new UR(Buffer.from(msg), 'bytes'), max, first, 10)
        if (msg.length <= max) {
          expect(Ur.encode('bytes', msg, { maxFragmentLength: max }).parts).toEqual([UREncoder.encodeSinglePart(new UR(Buffer.from(msg), 'bytes'))])
          return
        }
        const ours = Ur.encode('bytes', msg, { maxFragmentLength: max, firstSeqNum: first, extra: 8 })
        expect(ours.fragments).toBe(ref.fragmentsLength)
        expect(ours.parts).toEqual(ours.parts.map(() => ref.nextPart()))
      }),
      { numRuns: 150 },
    )
  })
  it("decodes the reference encoder's mixed parts alone (every pure part dropped but one)", () => {
    fc.assert(
      fc.property(fc.uint8Array({ minLength: 300, maxLength: 1500 }), fc.integer({ min: 20, max: 120 }), (msg, max) => {
        const ref = new UREncoder(new UR(Buffer.from(msg), 'bytes'), max, 0, 10)
        const n = ref.fragmentsLength
        const d = Ur.decoder()
        for (let k = 1; k <= n * 20 && !d.result(); k++) {
          const part = ref.nextPart()
          if (k <= n && k !== 1) continue
          d.receive(part)
        }
        expect(d.result()).toBeDefined()
        expect(hex(d.result()!.cbor)).toBe(hex(msg))
      }),
      { numRuns: 40 },
    )
  })
})

describe('Ur: properties (seeded)', () => {
  it('encode → decode returns the message, parts in any order, with duplicates', () => {
    fc.assert(
      fc.property(fc.uint8Array({ minLength: 1, maxLength: 3000 }), fc.integer({ min: 20, max: 400 }), fc.integer(), (msg, max, shuffleSeed) => {
        const enc = Ur.encode('bytes', msg, { maxFragmentLength: max })
        const order = [...enc.parts, ...enc.parts]
        let s = shuffleSeed >>> 0
        for (let i = order.length - 1; i > 0; i--) {
          s = (Math.imul(s, 1103515245) + 12345) >>> 0
          const j = s % (i + 1)
          ;[order[i], order[j]] = [order[j]!, order[i]!]
        }
        const d = Ur.decoder()
        for (const p of order) {
          if (d.result()) break
          d.receive(p)
        }
        expect(hex(d.result()!.cbor)).toBe(hex(msg))
      }),
      { numRuns: 60 },
    )
  })
  it('any text gives a value or a domain error, never another exception', () => {
    fc.assert(
      fc.property(fc.oneof(fc.string(), fc.string().map((s) => `ur:bytes/${s}`), fc.string().map((s) => `ur:bytes/1-3/${s}`), fc.stringMatching(/^ur:bytes\/[a-z]{0,80}$/)), (t) => {
        expectDomainErrorOrValue(() => Ur.decoder().receive(t))
        expectDomainErrorOrValue(() => Ur.decodeSingle(t))
      }),
      { numRuns: 500 },
    )
  })
  it('a corrupted character in any part is refused or ignored, never a wrong message', () => {
    fc.assert(
      fc.property(fc.uint8Array({ minLength: 40, maxLength: 600 }), fc.nat(), fc.nat(), (msg, at, ch) => {
        const enc = Ur.encode('bytes', msg, { maxFragmentLength: 30 })
        const parts = enc.parts.slice()
        const k = at % parts.length
        const p = parts[k]!
        const pos = p.lastIndexOf('/') + 1 + ((at >>> 3) % (p.length - p.lastIndexOf('/') - 1))
        const letter = 'abcdefghijklmnopqrstuvwxyz'[ch % 26]!
        if (p[pos] === letter) return
        parts[k] = p.slice(0, pos) + letter + p.slice(pos + 1)
        const d = Ur.decoder()
        for (const q of parts) {
          try {
            d.receive(q)
          } catch (e) {
            expectDomainError(e)
          }
        }
        const r = d.result()
        if (r) expect(hex(r.cbor)).toBe(hex(msg))
      }),
      { numRuns: 100 },
    )
  })
})

describe('Ur: a decoder with a smaller bound', () => {
  it('refuses a single or multi-part message above maxMessage, on the first part', () => {
    const msg = new Uint8Array(300).fill(7)
    const single = Ur.decoder({ maxMessage: 299 })
    expect(() => single.receive(Ur.encodeSingle('bytes', msg))).toThrow(/announces 300 bytes/)
    const multi = Ur.decoder({ maxMessage: 299 })
    expect(() => multi.receive(Ur.encode('bytes', msg, { maxFragmentLength: 50 }).parts[3]!)).toThrow(/announces 300 bytes/)
    expect(multi.progress()).toBeUndefined()
    const ok = Ur.decoder({ maxMessage: 300 })
    for (const p of Ur.encode('bytes', msg, { maxFragmentLength: 50 }).parts) if (!ok.result()) ok.receive(p)
    expect(ok.result()?.cbor).toEqual(msg)
  })
})
