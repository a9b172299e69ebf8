import { enums } from '../../../resources/enums.js';
import type { Db } from '../../db/connect.js';
import { createSetting, type SettingRecord } from './createSetting.js';
import { orgNumber } from './orgNumber.js';

const { association, company, community } = enums.organisation_type;

/** A record of the register, with the organisation number's first nine digits: its check digit is computed. */
type Organisation = SettingRecord<'organisations'> & { digits: string };

/** The foundation's register, each by the key the applications name it by. */
export const organisations = {
  if: {
    name: 'Norrbygdens Idrottsförening',
    digits: '802415397',
    type: association,
    address: 'Idrottsvägen 4',
    co: null,
    zip: '97241',
    city: 'Luleå',
    website: 'https://www.norrbygdensif.se',
    is_verified: true,
  },
  kultur: {
    name: 'Kulturföreningen Älvstranden',
    digits: '802503186',
    type: association,
    address: 'Storgatan 21',
    co: 'c/o Lina Öberg',
    zip: '94131',
    city: 'Piteå',
    website: 'https://www.alvstranden-kultur.se',
    is_verified: true,
  },
  hembygd: {
    name: 'Kalix Hembygdsförening',
    digits: '802208744',
    type: association,
    address: 'Strandgatan 7',
    co: null,
    zip: '95231',
    city: 'Kalix',
    website: 'https://www.kalixhembygd.se',
    is_verified: false,
  },
  bygg: {
    name: 'Bodens Snickeri & Bygg AB',
    digits: '556981234',
    type: company,
    address: 'Verkstadsgatan 12',
    co: null,
    zip: '96133',
    city: 'Boden',
    website: 'https://www.bodenssnickeri.se',
    is_verified: true,
  },
  samfallighet: {
    name: 'Svartbyns Samfällighetsförening',
    digits: '717906452',
    type: community,
    address: 'Byvägen 3',
    co: null,
    zip: '95691',
    city: 'Överkalix',
    website: 'https://www.svartbyn.se',
    is_verified: false,
  },
} satisfies Record<string, Organisation>;

export type OrgKey = keyof typeof organisations;

/** The register, created as on its settings screen. */
export async function seedOrganisations(trx: Db) {
  for (const { digits, ...organisation } of Object.values(organisations)) {
    await createSetting(trx, 'organisations', { ...organisation, org_number: orgNumber(digits) });
  }
}
