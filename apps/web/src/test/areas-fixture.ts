import type { AreasResponse, City } from '@husly/contracts';

const city = (slug: string, label: string, over: Partial<City> = {}): City => ({
  slug,
  label,
  active: true,
  zips: ['1000'],
  popular: false,
  popularRank: null,
  lat: 56,
  lng: 10,
  population: over.zips ? over.zips.length * 10_000 : 5_000,
  ...over,
});

/** Popular cities deliberately out of rank order; one popular city too many for the footer. */
export const AREAS_FIXTURE: AreasResponse = {
  data: [
    city('odense', 'Odense', { popular: true, popularRank: 3, zips: ['5000', '5200', '5210', '5220', '5230'] }),
    city('vejle', 'Vejle', { zips: ['7100', '7120'] }),
    city('koebenhavn', 'København', { popular: true, popularRank: 1, zips: ['1050', '1051', '2100', '2200', '2300'] }),
    city('esbjerg', 'Esbjerg', { popular: true, popularRank: 6, zips: ['6700', '6705', '6710', '6715'] }),
    city('aalborg', 'Aalborg', { popular: true, popularRank: 4, zips: ['9000', '9200', '9210', '9220'] }),
    city('frederiksberg', 'Frederiksberg', { popular: true, popularRank: 5, zips: ['1800', '1850', '2000'] }),
    city('aarhus', 'Aarhus', { popular: true, popularRank: 2, zips: ['8000', '8200', '8210', '8220'] }),
    city('kolding', 'Kolding', { zips: ['6000'] }),
    city('roskilde', 'Roskilde', { zips: ['4000'] }),
    city('naestved', 'Næstved', { zips: ['4700'] }),
    city('oelstykke', 'Ølstykke', { active: false, zips: ['3650'] }),
  ],
  aliases: { kobenhavn: 'koebenhavn', copenhagen: 'koebenhavn' },
};
