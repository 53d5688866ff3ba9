import { fireEvent, render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { Testimonials } from '../../src/components/site/Testimonials.tsx';
import { testimonialsSchema } from '../../src/content/schemas/testimonials.ts';
import { Accordion } from '../../src/components/ui/Accordion.tsx';
import { Button } from '../../src/components/ui/Button.tsx';
import { Picture } from '../../src/components/ui/Picture.tsx';
import { Section } from '../../src/components/ui/Section.tsx';
import { Spinner } from '../../src/components/ui/Spinner.tsx';
import { Stars } from '../../src/components/ui/Stars.tsx';
import { installImageFallback } from '../../src/lib/image-fallback.ts';

describe('Button', () => {
  it('is a link when given href, marked for UTM carry-over when it is an auth link', () => {
    render(
      <Button href="https://app.example.com/auth" auth size="responsive">
        Yes, help me
      </Button>,
    );
    const link = screen.getByRole('link', { name: 'Yes, help me' });
    expect(link).toHaveAttribute('href', 'https://app.example.com/auth');
    expect(link).toHaveAttribute('data-auth-link');
    // default size below md, large from md
    expect(link.className).toMatch(/min-h-11/);
    expect(link.className).toMatch(/md:min-h-14/);
  });

  it('is a real button (type=button) without href', () => {
    render(<Button>Yes, help me</Button>);
    const button = screen.getByRole('button', { name: 'Yes, help me' });
    expect(button).toHaveAttribute('type', 'button');
    expect(button).not.toHaveAttribute('data-auth-link');
  });

  it('has a large size', () => {
    render(
      <Button href="/" size="lg">
        Go
      </Button>,
    );
    expect(screen.getByRole('link').className).toMatch(/min-h-14/);
  });
});

describe('Stars', () => {
  it('reads as "5 out of 5 stars"', () => {
    render(<Stars value={5} />);
    expect(screen.getByText('5 out of 5 stars')).toBeInTheDocument();
  });

  it('clamps an out-of-range value', () => {
    render(<Stars value={9} />);
    expect(screen.getByText('5 out of 5 stars')).toBeInTheDocument();
  });
});

describe('Section', () => {
  it('is a region named by its heading, with an id and reveal marker', () => {
    render(
      <Section id="faq" title="Questions" eyebrow="FAQ">
        <p>Body</p>
      </Section>,
    );
    const region = screen.getByRole('region', { name: 'Questions' });
    expect(region).toHaveAttribute('id', 'faq');
    expect(region).toHaveAttribute('data-reveal');
    expect(screen.getByRole('heading', { level: 2, name: 'Questions' })).toBeInTheDocument();
  });
});

describe('Accordion', () => {
  const items = [
    { id: 'a', title: 'First', content: 'One' },
    { id: 'b', title: 'Second', content: 'Two' },
  ];

  it('groups items under one name so only one is open, and can open one by default', () => {
    const { container } = render(<Accordion name="faq" items={items} defaultOpen={1} />);
    const details = [...container.querySelectorAll('details')];
    expect(details.map((d) => d.getAttribute('name'))).toEqual(['faq', 'faq']);
    expect(details.map((d) => d.open)).toEqual([false, true]);
  });

  it('titles each item with a heading inside its summary', () => {
    render(<Accordion name="faq" items={items} />);
    expect(screen.getByRole('heading', { level: 3, name: 'First' })).toBeInTheDocument();
  });
});

describe('Spinner', () => {
  it('is a status with a label', () => {
    render(<Spinner label="Loading video" />);
    expect(screen.getByRole('status')).toHaveTextContent('Loading video');
  });
});

describe('Picture', () => {
  it('offers AVIF and WebP sources, sets the intrinsic size, and loads lazily by default', () => {
    const { container } = render(
      <Picture
        image={{
          sources: [
            { type: 'image/avif', srcset: '/a-400.avif 400w, /a-800.avif 800w' },
            { type: 'image/webp', srcset: '/a-400.webp 400w, /a-800.webp 800w' },
          ],
          src: '/a-800.webp',
          width: 800,
          height: 450,
          alt: 'A desk',
          sizes: '50vw',
        }}
      />,
    );
    expect([...container.querySelectorAll('source')].map((s) => s.getAttribute('type'))).toEqual([
      'image/avif',
      'image/webp',
    ]);
    const img = screen.getByRole('img', { name: 'A desk' });
    expect(img).toHaveAttribute('width', '800');
    expect(img).toHaveAttribute('height', '450');
    expect(img).toHaveAttribute('loading', 'lazy');
  });
});

describe('Testimonials', () => {
  const items = [
    {
      quote: 'It paid for itself.',
      author: 'jordan Lee',
      position: 'Owner',
      avatar: '/x.svg',
      stars: 5,
      sample: true,
    },
  ];

  it('lists each testimonial with its stars, author and position', () => {
    render(<Testimonials items={items} />);
    const list = screen.getByRole('list');
    expect(list.querySelectorAll('li')).toHaveLength(1);
    expect(screen.getByText('5 out of 5 stars')).toBeInTheDocument();
    expect(screen.getByText('jordan Lee')).toBeInTheDocument();
    expect(screen.getByText('Owner')).toBeInTheDocument();
  });

  it("shows the author's first initial when the avatar fails", () => {
    const { container } = render(<Testimonials items={items} />);
    const stop = installImageFallback(document);
    const img = container.querySelector('img')!;
    fireEvent.error(img);
    expect(img.hidden).toBe(true);
    expect(screen.getByText('J')).toBeInTheDocument();
    stop();
  });

  it("shows the author's first initial, and no picture, for a testimonial without a photo (the photo is optional)", () => {
    const { avatar: _photo, ...withoutPhoto } = items[0]!;
    expect(testimonialsSchema.zod.shape.kit.shape.items.element.safeParse(withoutPhoto).success).toBe(true);
    const { container } = render(<Testimonials items={[withoutPhoto]} />);
    expect(container.querySelector('img')).toBeNull();
    expect(screen.getByText('J')).toBeInTheDocument();
  });
});
