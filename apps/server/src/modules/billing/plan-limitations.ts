import type { Plan } from '@reeltime/contract';
import type { PlanRow } from './plans.repository';

const resolution = (height: number) => (height >= 2160 ? '4K' : `${height}p`);

/** A plan's card lists exactly the limits the service enforces, read from the plan itself. */
export function planLimitations(
  plan: Pick<PlanRow, 'max_height' | 'screens' | 'profiles' | 'has_ads'>,
): Plan['plan_type'] {
  return [
    {
      limitation_title: 'Video quality',
      limitation_value: true,
      limit: `Up to ${resolution(plan.max_height)}`,
    },
    {
      limitation_title: 'Screens at the same time',
      limitation_value: true,
      limit: plan.screens === 1 ? '1 screen' : `${plan.screens} screens`,
    },
    {
      limitation_title: 'Profiles',
      limitation_value: true,
      limit: plan.profiles === 1 ? '1 profile' : `${plan.profiles} profiles`,
    },
    {
      limitation_title: 'Ad-free',
      limitation_value: plan.has_ads !== 1,
      limit: plan.has_ads === 1 ? 'Ads on the browse page' : 'No ads',
    },
  ];
}
