import type { CurrentUser } from '@portal/domain/accounts/me';
import { waitingState } from '@portal/domain/accounts/waiting';
import { zCode } from '@portal/domain/people/z-code';
import type { Actor } from '../../platform/access.ts';

/** What the signed-in page needs about its user: identity, role, flags and waiting state. */
export function currentUserOf(actor: Actor): CurrentUser {
  const { user } = actor;
  return {
    id: user.id,
    zCode: zCode(user.id),
    authId: actor.authId,
    firstName: user.firstName,
    surname: user.surname,
    companyName: user.companyName,
    email: user.email,
    phone: user.phone,
    role: actor.role,
    isAdmin: user.isAdmin,
    isLeader: user.isLeader,
    refsTypeId: user.refsTypeId,
    refsUserTierId: user.refsUserTierId,
    lifecycleStatusId: user.refsUserLifecycleStatusId,
    emailVerified: user.emailVerified,
    phoneVerified: user.phoneVerified,
    features: actor.features,
    waiting: waitingState({
      emailVerified: user.emailVerified,
      phoneVerified: user.phoneVerified,
      lifecycleStatusId: user.refsUserLifecycleStatusId,
      refsTypeId: user.refsTypeId,
    }),
  };
}
