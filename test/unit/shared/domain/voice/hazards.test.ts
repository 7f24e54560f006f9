import fc from 'fast-check';
import { hazardOf } from '#shared/domain/voice/hazards';

describe('hazards of a third party and hazards the caller dealt with', () => {
  it('reads no hot water as an emergency for a father who is 88, not for one 88 minutes away, nor an overflow the caller fixed', () => {
    expect(hazardOf(["I'm calling for my dad, he's 88 and he has no hot water."])?.hazard).toBe(
      'no hot water with someone vulnerable in the house',
    );
    expect(hazardOf(["My dad has no hot water, he's 88 minutes from here."])).toBeNull();
    expect(hazardOf(['The toilet was overflowing but I fixed it.'])).toBeNull();
    expect(hazardOf(['The toilet is overflowing and I cannot stop it.'])?.hazard).toBe('flooding');
  });
});

describe('hazards read from what the caller describes', () => {
  it.each([
    ['The breaker panel in the garage is hot to the touch and it is buzzing loudly.', 'electrical burning or sparks'],
    ['Water is dripping out of the ceiling light in the kitchen.', 'flooding'],
    ['Every time we flush, dirty water with sewage comes up in the tub.', 'sewage backup'],
    ['The whole basement smells like propane around the furnace.', 'gas smell'],
    ['The CO detector by the furnace keeps going off.', 'carbon monoxide alarm'],
    ['Hola, huele muchísimo a gas en la cocina.', 'gas smell'],
    ['The toilet overflowed and water is seeping under the door into the hallway.', 'flooding'],
    ["There's about two inches of water in the basement and it's still rising.", 'flooding'],
    ['A power line is down in our backyard after the storm.', 'a power line down'],
    ["There's smoke coming out of the furnace vents!", 'smoke or fire from an appliance'],
    ['The ceiling in the hallway is sagging and dripping.', 'flooding'],
    ["It smells like something's burning behind the wall.", 'electrical burning or sparks'],
  ])('finds the hazard in "%s"', (sentence, hazard) => {
    expect(hazardOf([sentence])).toMatchObject({ hazard, evidence: [sentence] });
  });

  it('takes no heat as an emergency only in the cold or with someone vulnerable', () => {
    expect(hazardOf(['The heat quit overnight and it is minus ten outside.'])?.hazard).toBe('no heat in freezing weather');
    expect(hazardOf(['Her furnace will not come on.', 'She is 90 and it is 48 degrees in her house.'])?.hazard).toBe(
      'no heat in freezing weather',
    );
    expect(hazardOf(['My heater is not working, it is about 60 degrees in the house.'])).toBeNull();
    expect(hazardOf(['The furnace stopped working.', 'We have a newborn at home.'])?.hazard).toBe(
      'no heat in freezing weather or with someone vulnerable',
    );
  });

  it('reads someone vulnerable by age or condition, and heat said as triple digits', () => {
    expect(hazardOf(["I'm 82 and live alone, my furnace won't come on."])?.hazard).toBe(
      'no heat in freezing weather or with someone vulnerable',
    );
    expect(hazardOf(['Our AC quit and my husband has a heart condition.'])?.hazard).toBe(
      'no cooling in the heat or with someone vulnerable',
    );
    expect(hazardOf(["It's triple digits today and the AC is blowing warm air."])?.hazard).toBe(
      'no cooling in the heat or with someone vulnerable',
    );
    expect(hazardOf(['The AC is blowing warm air, it is 80 outside.'])).toBeNull();
  });

  it('reads a sewer smell, and a water stain on a dry ceiling, as no hazard', () => {
    expect(hazardOf(["There's a faint sewer smell in the basement bathroom now and then."])).toBeNull();
    expect(hazardOf(["There's an old water stain on the ceiling, it's dry now."])).toBeNull();
  });

  it('takes the caller calling it an emergency as one, but not "not urgent"', () => {
    expect(hazardOf(['This is an emergency, half my outlets just died.'])?.hazard).toBe('the caller says it is an emergency');
    expect(hazardOf(['Quiero que revisen la tubería, no es urgente.'])).toBeNull();
    expect(hazardOf(["It's not an emergency, the faucet drips slowly."])).toBeNull();
  });

  it('reads a denied hazard as none', () => {
    expect(hazardOf(["No, I don't smell any gas, the pilot just goes out."])).toBeNull();
    expect(hazardOf(['There is no water on the floor, it only drips.'])).toBeNull();
    expect(hazardOf(['The toilet has not overflowed, it just runs all night.'])).toBeNull();
  });

  it('reads cold denied, and a hazard already dealt with, as none', () => {
    expect(hazardOf(["The furnace is still not working. It's not freezing or anything."])).toBeNull();
    expect(hazardOf(["I smelled a little gas earlier but the gas company came and said it's fine."])).toBeNull();
    expect(hazardOf(['I smell gas in the kitchen.'])?.hazard).toBe('gas smell');
  });

  it('quotes only sentences it was given, for any text', () => {
    fc.assert(
      fc.property(
        fc.array(fc.oneof(fc.string({ maxLength: 80 }), fc.constantFrom('gas smell', 'no heat', '-5 degrees', 'hot panel')), {
          maxLength: 6,
        }),
        (lines) => {
          const found = hazardOf(lines);
          if (found) for (const quote of found.evidence) expect(lines).toContain(quote);
        },
      ),
      { numRuns: 300 },
    );
  });

  it('reads a hazard the business has since fixed as none', () => {
    expect(hazardOf(['Last week there were some sparks from the light switch, but your electrician replaced it.'])).toBeNull();
    expect(hazardOf(['There were sparks from the light switch and now it smells burnt.'])?.hazard).toBe('electrical burning or sparks');
  });

  it('reads a carbon monoxide detector named or chirping for its battery as no alarm, and one going off as one', () => {
    expect(hazardOf(['Can you install a carbon monoxide detector by the furnace?'])).toBeNull();
    expect(hazardOf(['My carbon monoxide detector chirps once every minute, is that bad?'])).toBeNull();
    expect(hazardOf(['The carbon monoxide detector went off twice tonight.'])?.hazard).toBe('carbon monoxide alarm');
  });

  it('reads a flood denied after its state and a split (ductless) AC dripping as none, and a split pipe or water up through a floor as flooding', () => {
    expect(hazardOf(['The dishwasher is leaking a little onto the floor, not a flood.'])).toBeNull();
    expect(hazardOf(['The split AC in the bedroom is dripping water inside.'])).toBeNull();
    expect(hazardOf(['The basement is flooded, water everywhere.'])?.hazard).toBe('flooding');
    expect(hazardOf(['A pipe split in the crawlspace and water is spraying.'])?.hazard).toBe('flooding');
    expect(hazardOf(["The sump pump failed and water's coming up through the floor."])?.hazard).toBe('flooding');
    expect(hazardOf(['Water is not coming up through the floor anymore, it is dry.'])).toBeNull();
  });

  it('reads a sump pit about to overflow as flooding', () => {
    expect(hazardOf(['The sump pump stopped and the pit is about to overflow into the basement.'])?.hazard).toBe('flooding');
  });
});
