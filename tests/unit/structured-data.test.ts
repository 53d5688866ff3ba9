import { describe, expect, it } from 'vitest';
import { organizationJsonLd, productJsonLd, type ShippingTerms } from '../../src/lib/structured-data.ts';

const stated: ShippingTerms = {
  country: 'US',
  rate: 0,
  handlingDaysMax: 1,
  transitDaysMin: 2,
  transitDaysMax: 5,
  returnMethod: 'by mail',
  returnFees: 'free',
};
const input = {
  name: 'The Oh Sh*t Kit',
  description: 'A boxed exit plan.',
  image: 'https://buildequity.example/og/kit.png',
  url: 'https://buildequity.example/',
  brand: 'Build Equity',
  price: 497,
  returnDays: 30,
  shipping: stated,
};

describe('Product JSON-LD', () => {
  const product = productJsonLd(input);

  it('has the fields merchant listings require, with the price from the data', () => {
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
    expect(productJsonLd({ ...input, price: 597 }).offers.price).toBe('597.00');
  });

  it("states the owner's return window, shipping rate and delivery time", () => {
    expect(product.offers.hasMerchantReturnPolicy).toMatchObject({
      returnPolicyCategory: 'https://schema.org/MerchantReturnFiniteReturnWindow',
      merchantReturnDays: 30,
      applicableCountry: 'US',
      returnMethod: 'https://schema.org/ReturnByMail',
      returnFees: 'https://schema.org/FreeReturn',
    });
    expect(product.offers.shippingDetails).toMatchObject({
      shippingRate: { '@type': 'MonetaryAmount', value: '0.00', currency: 'USD' },
      shippingDestination: { addressCountry: 'US' },
      deliveryTime: {
        handlingTime: { minValue: 0, maxValue: 1, unitCode: 'DAY' },
        transitTime: { minValue: 2, maxValue: 5, unitCode: 'DAY' },
      },
    });
  });

  it('invents no terms: a term the owner left out is left out of the record', () => {
    const noTransit = productJsonLd({ ...input, shipping: { ...stated, transitDaysMax: undefined } }).offers;
    expect(noTransit).not.toHaveProperty('shippingDetails');
    expect(noTransit.hasMerchantReturnPolicy).toBeDefined();
    const unstated = productJsonLd({
      ...input,
      shipping: { returnMethod: 'not stated', returnFees: 'not stated' },
    }).offers;
    expect(unstated).not.toHaveProperty('shippingDetails');
    expect(unstated).not.toHaveProperty('hasMerchantReturnPolicy');
    const noFees = productJsonLd({ ...input, shipping: { ...stated, returnFees: 'not stated' } }).offers;
    expect(noFees.hasMerchantReturnPolicy).not.toHaveProperty('returnFees');
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
