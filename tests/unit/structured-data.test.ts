import { describe, expect, it } from 'vitest';
import { organizationJsonLd, productJsonLd } from '../../src/lib/structured-data.ts';

describe('Product JSON-LD', () => {
  const product = productJsonLd({
    name: 'The Oh Sh*t Kit',
    description: 'A boxed exit plan.',
    image: 'https://buildequity.example/og/kit.png',
    url: 'https://buildequity.example/',
    brand: 'Build Equity',
  });

  it('has the fields merchant listings require', () => {
    expect(product['@type']).toBe('Product');
    expect(product.name).toBe('The Oh Sh*t Kit');
    expect(product.image).toEqual(['https://buildequity.example/og/kit.png']);
    expect(product.brand).toEqual({ '@type': 'Brand', name: 'Build Equity' });
    expect(product.offers).toMatchObject({
      '@type': 'Offer',
      priceCurrency: 'USD',
      price: '497.00',
      availability: 'https://schema.org/InStock',
      url: 'https://buildequity.example/',
    });
  });

  it('states the 30-day return window and the shipping time', () => {
    expect(product.offers.hasMerchantReturnPolicy).toMatchObject({
      returnPolicyCategory: 'https://schema.org/MerchantReturnFiniteReturnWindow',
      merchantReturnDays: 30,
      applicableCountry: 'US',
    });
    expect(product.offers.shippingDetails.deliveryTime.handlingTime).toMatchObject({
      minValue: 0,
      maxValue: 1,
      unitCode: 'DAY',
    });
  });
});

describe('Organization JSON-LD', () => {
  it('names the organization with its url and logo', () => {
    expect(
      organizationJsonLd({
        name: 'Build Equity',
        url: 'https://x.example/',
        logo: 'https://x.example/logo.png',
      }),
    ).toEqual({
      '@context': 'https://schema.org',
      '@type': 'Organization',
      name: 'Build Equity',
      url: 'https://x.example/',
      logo: 'https://x.example/logo.png',
    });
  });
});
