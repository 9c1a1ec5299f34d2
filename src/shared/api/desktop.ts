/**
 * The desktop experience requests (issue #17): a turn alert for a window in the background, deep links
 * that open the join screen, and the "Can't see the table?" network check. All local-only
 * (LOCAL_ONLY_REQUESTS): they concern the host machine's own window and reveal its addresses.
 */
import { z } from 'zod'
import { joinLinkSchema } from '../deep-link'

export { joinLinkSchema, type JoinLink } from '../deep-link'

/** `app.attention`: what the system notification says ("It's your turn", the table's name). */
export const attentionParamsSchema = z
  .object({
    title: z.string().trim().min(1).max(80),
    body: z.string().max(200).default(''),
  })
  .strict()

/** One usable IPv4 address of this machine (the interface's name is shown with it). */
export const netAddressSchema = z.object({ interface: z.string().max(64), address: z.string().max(64) })

/** `net.diagnose`: what this machine can tell about being found and reached on the LAN. */
export const diagnosticsSchema = z.object({
  /** `process.platform` of the host machine: which hints apply. */
  platform: z.string().max(32),
  addresses: z.array(netAddressSchema).max(32),
  /** The port a LAN table hosted here listens on; `null`: no LAN table is hosted here. */
  port: z.number().int().min(1).max(65535).nullable(),
  /** Did an mDNS query from this machine find its own advert? `off`: nothing is advertised now. */
  advert: z.enum(['answers', 'silent', 'off']),
  /** Does the port answer an HTTP request sent to this machine's own LAN address? `off`: not listening. */
  portAnswers: z.enum(['yes', 'no', 'off']),
  /** The address the port check used (a LAN address, else loopback). */
  portCheckedAt: z.string().max(64).nullable(),
  /** What to try, for this OS and these results, in plain words. */
  hints: z.array(z.string().max(400)).max(12),
})
export type Diagnostics = z.infer<typeof diagnosticsSchema>
