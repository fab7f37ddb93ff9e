import { HttpResponse } from 'msw';
import type {
  AccessJoinBody,
  Membership,
  MembershipOffer,
  Profile,
  ProfileBody,
} from '@contract/api/members';
import { http } from './contract';
import { apiError } from './handlers';
import { SIGNED_IN_MARK } from '@/features/auth/authSession';
import { signInDouble, signInState } from './auth';

/**
 * The member services' double (issue 14) for the member pages' tests: one account's profile and
 * memberships, the offers of every venue, and what was sent. Installed by a test with
 * `server.use(...memberHandlers())`; a guest (tests/msw/auth.ts) is answered 401
 * sign_in_required as the service answers.
 */
export interface MembersFake {
  profile: Profile;
  memberships: Membership[];
  /** Profile saves refused with these fields (400 validation_failed). */
  refuseProfileFields: string[] | null;
  /** Access references the demo rule refuses. */
  refuseEvidence: boolean;
  offersAsked: URLSearchParams[];
  profileSaves: ProfileBody[];
  joins: AccessJoinBody[];
}

export const ATG_OFFER: MembershipOffer = {
  scheme: 'atg-plus',
  name: 'ATG+',
  summary: 'Priority booking, no transaction fees and exclusive offers.',
  benefits: ['Book in ATG+ presales before general sale', 'No transaction fee on any order'],
  price: { amount: 4500, currency: 'GBP' },
  term: 'year',
  evidenceKinds: [],
  eligible: null,
};

export const ACCESS_OFFER: MembershipOffer = {
  scheme: 'access',
  name: 'Access',
  summary: 'Free, for disabled customers and their companions.',
  benefits: ['Book wheelchair spaces with a companion seat beside them'],
  price: null,
  term: null,
  evidenceKinds: ['accessCard', 'benefitLetter'],
  eligible: null,
};

export const ACTIVE_ATG: Membership = {
  scheme: 'atg-plus',
  status: 'active',
  benefitsActive: true,
  waivesTransactionFee: true,
  number: 'ATG-4821 7730',
  startedOn: '2026-01-10',
  renewsOn: '2027-01-10',
  endsOn: null,
  autoRenew: true,
};

export const membersFake: MembersFake = fresh();

function fresh(): MembersFake {
  return {
    profile: {
      email: 'plain@demo.stagedoor.test',
      firstName: 'Pat',
      lastName: 'Plain',
      phone: '020 7946 0999',
      address: null,
      marketingOptIn: false,
    },
    memberships: [],
    refuseProfileFields: null,
    refuseEvidence: false,
    offersAsked: [],
    profileSaves: [],
    joins: [],
  };
}

export function resetMembers(changes: Partial<MembersFake> = {}): void {
  Object.assign(membersFake, fresh(), changes);
  window.localStorage.removeItem(SIGNED_IN_MARK);
}

/**
 * A browser signed in before the test starts: the double's sign-in, and the mark that makes the
 * shop read it at start (features/auth/authSession.ts).
 */
export function signInMember(): void {
  signInDouble();
  window.localStorage.setItem(SIGNED_IN_MARK, '1');
}

const signedIn = () => signInState().account !== null;
const notSignedIn = () => apiError(401, 'sign_in_required');

export function memberHandlers() {
  return [
    http.get('/services/customer-profile/profile', () =>
      signedIn() ? HttpResponse.json({ profile: membersFake.profile }) : notSignedIn(),
    ),
    http.put('/services/customer-profile/profile', async ({ request }) => {
      if (!signedIn()) return notSignedIn();
      const body = (await request.json()) as ProfileBody;
      membersFake.profileSaves.push(body);
      if (membersFake.refuseProfileFields !== null)
        return HttpResponse.json(
          {
            code: 'validation_failed',
            message: 'Check the fields named.',
            fields: membersFake.refuseProfileFields,
          },
          { status: 400 },
        );
      membersFake.profile = {
        ...membersFake.profile,
        firstName: body.firstName,
        lastName: body.lastName,
        phone: body.phone,
        address: body.address,
        marketingOptIn: body.marketingOptIn,
      };
      return HttpResponse.json({ profile: membersFake.profile });
    }),
    http.get('/services/account-management/memberships', () =>
      signedIn() ? HttpResponse.json({ memberships: membersFake.memberships }) : notSignedIn(),
    ),
    http.get('/services/account-management/membership-offers', ({ request }) => {
      const query = new URL(request.url).searchParams;
      membersFake.offersAsked.push(query);
      const asked = query.get('eligibility') === '1' && signedIn();
      const held = (scheme: string) =>
        membersFake.memberships.some((each) => each.scheme === scheme && each.benefitsActive);
      return HttpResponse.json({
        offers: [ATG_OFFER, ACCESS_OFFER].map((offer) => ({
          ...offer,
          eligible: asked ? !held(offer.scheme) : null,
        })),
      });
    }),
    http.post('/services/account-management/memberships/access/join', async ({ request }) => {
      if (!signedIn()) return notSignedIn();
      const body = (await request.json()) as AccessJoinBody;
      membersFake.joins.push(body);
      if (membersFake.refuseEvidence)
        return HttpResponse.json(
          {
            code: 'validation_failed',
            message: 'The reference is not accepted.',
            fields: ['body.evidenceReference'],
          },
          { status: 400 },
        );
      const membership: Membership = {
        scheme: 'access',
        status: 'active',
        benefitsActive: true,
        waivesTransactionFee: true,
        number: 'ACC-1093 2281',
        startedOn: '2026-11-26',
        renewsOn: null,
        endsOn: null,
        autoRenew: false,
      };
      membersFake.memberships.push(membership);
      return HttpResponse.json({ membership }, { status: 201 });
    }),
    http.patch('/services/account-management/memberships/:scheme', async ({ request, params }) => {
      const current = membersFake.memberships.find((each) => each.scheme === params.scheme);
      if (current === undefined) return apiError(404, 'not_found');
      const { autoRenew } = (await request.json()) as { autoRenew: boolean };
      Object.assign(current, {
        autoRenew,
        renewsOn: autoRenew ? '2027-01-10' : null,
        endsOn: autoRenew ? null : '2027-01-10',
      });
      return HttpResponse.json({ membership: current });
    }),
    http.post('/services/account-management/memberships/:scheme/cancel', ({ params }) => {
      const current = membersFake.memberships.find((each) => each.scheme === params.scheme);
      if (current === undefined) return apiError(404, 'not_found');
      Object.assign(current, {
        status: 'cancelled',
        autoRenew: false,
        renewsOn: null,
        endsOn: '2027-01-10',
      });
      return HttpResponse.json({ membership: current });
    }),
  ];
}
