import type { EditUserForm } from '@portal/domain/people/edit-user';
import { displayPhone } from '@portal/domain/people/phone';
import type { UserDetail } from '@portal/domain/people/user-detail';

/**
 * The dialog's starting values from the user as loaded. Sections the acting user may not change
 * stay undefined, so they are neither shown nor sent (the server refuses them anyway).
 */
export function editUserDefaults(user: UserDetail): EditUserForm {
  const { permissions } = user;
  const secret = user.private;
  return {
    personal: {
      firstName: user.firstName,
      middleName: user.middleName ?? '',
      surname: user.surname,
      companyName: user.companyName ?? '',
      refsGender: user.refsGender === 'F' ? 'F' : 'M',
      email: user.email ?? '',
      phone: displayPhone(user.phone),
      altPhone: displayPhone(user.altPhone),
      operatorId: user.operatorId ?? '',
      refsShirtSize: user.refsShirtSize ?? '',
    },
    address: {
      street: user.street ?? '',
      suburb: user.suburb ?? '',
      city: user.city ?? '',
      province: user.province ?? '',
      postalCode: user.postalCode ?? '',
      country: user.country,
    },
    ...(permissions.canEditIdentity && secret
      ? {
          identity: {
            refsIdentityDocType: secret.refsIdentityDocType === 'PASSPORT' ? 'PASSPORT' : 'RSAID',
            identificationNo: secret.identificationNo ?? '',
            dateOfBirth: secret.dateOfBirth ?? '',
            nationality: secret.nationality,
            passportIssueDate: secret.passportIssueDate ?? '',
            passportExpiryDate: secret.passportExpiryDate ?? '',
          },
          documents: { idPhotoUrl: secret.idPhotoUrl ?? '', personPhotoUrl: secret.personPhotoUrl ?? '' },
        }
      : {}),
    ...(permissions.canEditBanking && secret
      ? {
          banking: {
            refsPaymentType: secret.refsPaymentType === 'eWallet' ? 'eWallet' : 'bank',
            bank: secret.banking?.bank ?? '',
            bankAccountNumber: secret.banking?.accountNumber ?? '',
            refsBankAccountType: secret.banking?.accountType ?? null,
            branchCode: secret.banking?.branchCode ?? '',
            eWalletLink: secret.eWalletLink ?? '',
          },
        }
      : {}),
  };
}
