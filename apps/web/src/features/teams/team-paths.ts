import { childDealerDownstreamPath, paths, userDetailPath } from '../../lib/paths';

/** The team pages' addresses (spec 1 §2.2), built from their ids. */
export const teamPaths = {
  manageDealers: paths.manageDealers,
  createUser: paths.createUser,
  approvals: paths.approvals,
  allDealers: paths.allDealers,
  userDetail: userDetailPath,
  childDownstream: childDealerDownstreamPath,
  dealerAgents: (id: number) => `${paths.dealerAgents}/${id}`,
  dealerDetail: (id: number) => `${paths.dealerDetail}/${id}`,
};

/**
 * Navigation state another page sets when it sends someone to Manage Teams after creating a user:
 * `navigate('/manage-dealers', { state: { notice: 'person-added' } })` shows 'Person Added!' for
 * 5 seconds ('submitted-for-approval' shows 'Request Submitted for Approval.').
 */
export type ManageTeamsNotice = 'person-added' | 'submitted-for-approval';
