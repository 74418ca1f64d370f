import { VisitorCountryService } from './visitor-country.service.js';

describe('VisitorCountryService', () => {
  const service = new VisitorCountryService();

  it("finds a public address's country in the bundled database", async () => {
    expect(await service.countryOf('81.2.69.142')).toBe('gb');
    expect(await service.countryOf('8.8.8.8')).toBe('us');
  });

  it("falls back to 'us' for addresses it cannot place", async () => {
    expect(await service.countryOf('127.0.0.1')).toBe('us');
    expect(await service.countryOf('10.1.2.3')).toBe('us');
    expect(await service.countryOf('not an ip')).toBe('us');
    expect(await service.countryOf(undefined)).toBe('us');
  });
});
