import type { Db } from "./client";

type SeedService = {
  title: string;
  description: string;
  category: string;
  price: number;
  duration: string;
  /** The session's length; null where the text names several days (multi-day sessions are not modelled yet). */
  minutes: number | null;
  /** Travel and set-up before, pack-down after. */
  buffers?: { before: number; after: number };
  features: string[];
  image: string;
};

const SERVICES: SeedService[] = [
  {
    title: "Portrait Session",
    description:
      "A relaxed one-hour portrait session in our studio or on location, with direction, lighting and ten hand-retouched images.",
    category: "photography",
    price: 299,
    duration: "1 hour",
    minutes: 60,
    features: ["10 retouched images", "Studio or location", "Online gallery", "Print-ready files"],
    image: "/media/portrait.jpg",
  },
  {
    title: "Product Photography",
    description:
      "Clean e-commerce packshots and styled lifestyle images that make your products sell, shot against white or in a set.",
    category: "photography",
    price: 199,
    duration: "Half day",
    minutes: 240,
    buffers: { before: 30, after: 30 },
    features: ["20 product images", "White background", "Lifestyle set", "Colour-accurate editing"],
    image: "/media/product.jpg",
  },
  {
    title: "Corporate Brand Film",
    description:
      "A two-to-three minute film that tells who you are: interviews, b-roll at your workplace, music licensing and a polished edit.",
    category: "videography",
    price: 1299,
    duration: "2 shoot days",
    minutes: null,
    features: ["Interviews and b-roll", "Licensed music", "Two revision rounds", "Social cut-downs"],
    image: "/media/corporate.jpg",
  },
  {
    title: "Wedding Film",
    description:
      "A cinematic wedding highlight film plus the full ceremony and speeches, filmed by two camera operators.",
    category: "videography",
    price: 1899,
    duration: "Full day",
    minutes: 480,
    buffers: { before: 60, after: 60 },
    features: ["Two operators", "Highlight film", "Full ceremony edit", "Drone shots"],
    image: "/media/event.jpg",
  },
  {
    title: "Color Grading",
    description:
      "A finished look for your film, series or commercial, graded on calibrated reference monitors in a treated suite.",
    category: "editing",
    price: 799,
    duration: "3-5 days",
    minutes: 60, // the booked session is the briefing; the text is the turnaround
    features: ["Look development", "Shot matching", "HDR and SDR deliverables", "Remote review sessions"],
    image: "/media/edit-suite.jpg",
  },
  {
    title: "Video Editing",
    description:
      "From hours of rushes to a story that holds attention: assembly, rough cut, fine cut, sound mix and titles.",
    category: "editing",
    price: 899,
    duration: "1 week",
    minutes: 60, // the booked session is the briefing; the text is the turnaround
    features: ["Story edit", "Sound mix", "Titles and captions", "Two revision rounds"],
    image: "/media/vfx.jpg",
  },
  {
    title: "Aerial Real Estate",
    description:
      "Licensed drone pilots capture your property and its surroundings in stills and a short fly-over film.",
    category: "drone",
    price: 499,
    duration: "2 hours",
    minutes: 120,
    buffers: { before: 0, after: 30 },
    features: ["25 aerial photos", "60 s fly-over film", "Permits handled", "Insured pilots"],
    image: "/media/aerial.jpg",
  },
  {
    title: "Cinematic FPV Flight",
    description: "Fly-through FPV shots that no crane can reach, for brand films, venues and events.",
    category: "drone",
    price: 1299,
    duration: "Half day",
    minutes: 240,
    buffers: { before: 30, after: 30 },
    features: ["FPV pilot and spotter", "4K 60 fps footage", "Indoor fly-throughs", "Graded selects"],
    image: "/media/construction.jpg",
  },
  {
    title: "Event Coverage",
    description:
      "Photo and video coverage of conferences, launches and celebrations, with a same-week gallery and highlight reel.",
    category: "event",
    price: 799,
    duration: "Up to 8 hours",
    minutes: 480,
    buffers: { before: 60, after: 60 },
    features: ["Photo and video", "Same-week gallery", "Highlight reel", "Live social clips"],
    image: "/media/concert.jpg",
  },
  {
    title: "Live Streaming",
    description:
      "Multi-camera live streaming of your event to YouTube, LinkedIn or a private page, with graphics and recording.",
    category: "event",
    price: 1599,
    duration: "Full day",
    minutes: 480,
    buffers: { before: 60, after: 60 },
    features: ["Three cameras", "Lower-thirds graphics", "Any platform", "Recording included"],
    image: "/media/documentary.jpg",
  },
  {
    title: "TV Commercial",
    description:
      "A broadcast-ready commercial from concept to delivery: script, casting, crew, shoot, edit, grade and mix.",
    category: "commercial",
    price: 4999,
    duration: "3-4 weeks",
    minutes: 60, // the booked session is the briefing; the text is the turnaround
    features: ["Creative concept", "Full crew", "Broadcast delivery", "Online cut-downs"],
    image: "/media/commercial.jpg",
  },
  {
    title: "Digital Ads Package",
    description: "Social-first video ads in every aspect ratio, designed to stop the scroll and perform.",
    category: "commercial",
    price: 1999,
    duration: "2 weeks",
    minutes: 60, // the booked session is the briefing; the text is the turnaround
    features: ["Three ad variants", "9:16, 1:1 and 16:9", "Captions", "Performance edits"],
    image: "/media/fashion.jpg",
  },
];

const PORTFOLIO = [
  {
    title: "Golden Hour Portraits",
    description: "A natural-light portrait series shot by Rankala Lake at sunset.",
    category: "photography",
    client: "Private client",
    location: "Kolhapur",
    date: "2026-03-14",
    tags: ["portrait", "natural light", "outdoor"],
    featured: true,
    media_url: "/media/portrait.jpg",
  },
  {
    title: "Harbour Wedding",
    description: "A two-day wedding told in candid frames and a cinematic highlight film.",
    category: "videography",
    client: "Anika & Rohan",
    location: "Goa",
    date: "2026-01-22",
    tags: ["wedding", "film", "drone", "candid"],
    featured: true,
    media_url: "/media/event.jpg",
  },
  {
    title: "The Long Road",
    description: "Cinematography for an independent feature shot over 24 days on the Konkan coast.",
    category: "cinematography",
    client: "Northlight Pictures",
    location: "Konkan coast",
    date: "2025-11-02",
    tags: ["feature", "anamorphic"],
    featured: true,
    media_url: "/media/film-set.jpg",
  },
  {
    title: "Coastline at Dawn",
    description: "A sunrise drone flight along the coast for a tourism campaign.",
    category: "drone-services",
    client: "Visit Maharashtra",
    location: "Ratnagiri",
    date: "2026-02-08",
    tags: ["aerial", "tourism", "sunrise"],
    featured: false,
    media_url: "/media/aerial.jpg",
  },
  {
    title: "City of Glass",
    description: "Set extensions and compositing for a science-fiction short film.",
    category: "vfx-post",
    client: "Parallax Films",
    location: null,
    date: "2025-09-30",
    tags: ["vfx", "compositing", "sci-fi"],
    featured: false,
    media_url: "/media/vfx.jpg",
  },
  {
    title: "Morning Ritual",
    description: "A thirty-second TV spot for a specialty coffee brand.",
    category: "commercial",
    client: "Bean There Coffee",
    location: "Pune",
    date: "2026-04-18",
    tags: ["tv", "food", "brand"],
    featured: true,
    media_url: "/media/commercial.jpg",
  },
  {
    title: "Studio Product Line",
    description: "Sixty products photographed in one day for a new online shop.",
    category: "photography",
    client: "Kolhapuri Crafts",
    location: "Studio",
    date: "2026-05-02",
    tags: ["product", "e-commerce"],
    featured: false,
    media_url: "/media/product.jpg",
  },
  {
    title: "Live Session",
    description: "A four-camera live recording of a jazz quartet.",
    category: "videography",
    client: "Blue Note Nights",
    location: "Mumbai",
    date: "2026-06-11",
    tags: ["music", "live", "multicam"],
    featured: false,
    media_url: "/media/concert.jpg",
  },
  {
    title: "Tower Build",
    description: "Twelve months of construction progress flights, cut into a two-minute time-lapse.",
    category: "drone-services",
    client: "Skyline Developers",
    location: "Kolhapur",
    date: "2026-07-01",
    tags: ["construction", "time-lapse"],
    featured: false,
    media_url: "/media/construction.jpg",
  },
  {
    title: "Grade Reel",
    description: "Before-and-after colour work from our finishing suite.",
    category: "vfx-post",
    client: null,
    location: null,
    date: null,
    tags: ["colour", "grading"],
    featured: false,
    media_url: "/media/edit-suite.jpg",
  },
  {
    title: "Monsoon Editorial",
    description: "A fashion editorial shot in the first rains of the season.",
    category: "photography",
    client: "Vogue Studio Edit",
    location: "Amboli",
    date: "2025-07-19",
    tags: ["fashion", "editorial", "rain"],
    featured: false,
    media_url: "/media/fashion.jpg",
  },
  {
    title: "Harvest",
    description: "Agricultural survey flights at the end of the sugar-cane season.",
    category: "drone-services",
    client: "Green Valley Farms",
    location: "Sangli",
    date: "2026-03-01",
    tags: ["survey", "agriculture"],
    featured: false,
    media_url: "/media/fields.jpg",
  },
];

const TESTIMONIALS = [
  {
    name: "Priya Deshmukh",
    email: "priya@example.com",
    rating: 5,
    message:
      "They captured our wedding beautifully. The film still makes our families cry, in the best way. Calm, kind and incredibly professional.",
    service_category: "videography",
  },
  {
    name: "Marcus Chen",
    email: "marcus@example.com",
    rating: 5,
    message:
      "Our product launch film came in on time and on budget, and the cut-downs for social performed better than anything we had made before.",
    service_category: "commercial",
  },
  {
    name: "Aisha Kapoor",
    email: "aisha@example.com",
    rating: 4,
    message:
      "Great portrait session. The direction made me feel at ease and the retouching is natural. Would book again.",
    service_category: "photography",
  },
  {
    name: "Daniel Ortiz",
    email: "daniel@example.com",
    rating: 5,
    message: "The FPV fly-through of our venue is unreal. Licensed, safe and creative pilots.",
    service_category: "drone-services",
  },
  {
    name: "Sneha Patil",
    email: "sneha@example.com",
    rating: 5,
    message:
      "They graded our short film and it finally looks like the film we imagined. Clear process and great communication.",
    service_category: "vfx-post",
  },
  {
    name: "Tom Becker",
    email: "tom@example.com",
    rating: 4,
    message: "Professional crew for our feature; the camera department was a joy to work with.",
    service_category: "cinematography",
  },
];

/** Realistic demo content for every public section. */
export async function seedDemoContent(db: Db): Promise<void> {
  const now = Date.now();
  for (const [i, s] of SERVICES.entries()) {
    await db.service.create({
      data: {
        title: s.title,
        description: s.description,
        category: s.category,
        priceCents: Math.round(s.price * 100),
        duration: s.duration,
        durationMinutes: s.minutes ?? 60,
        durationUnread: s.minutes === null,
        bufferBeforeMinutes: s.buffers?.before ?? 0,
        bufferAfterMinutes: s.buffers?.after ?? 0,
        features: s.features,
        image: s.image,
        createdAt: new Date(now - (SERVICES.length - i) * 60_000),
      },
    });
  }
  for (const [i, p] of PORTFOLIO.entries()) {
    await db.portfolioItem.create({
      data: {
        title: p.title,
        description: p.description,
        category: p.category,
        client: p.client,
        location: p.location,
        date: p.date,
        tags: p.tags,
        featured: p.featured,
        status: "published",
        mediaUrl: p.media_url,
        createdAt: new Date(now - (PORTFOLIO.length - i) * 60_000),
      },
    });
  }
  for (const [i, t] of TESTIMONIALS.entries()) {
    await db.feedback.create({
      data: {
        name: t.name,
        email: t.email,
        rating: t.rating,
        message: t.message,
        serviceCategory: t.service_category,
        status: "approved",
        createdAt: new Date(now - (i + 1) * 86_400_000),
      },
    });
  }
}

/** Seeds demo content on the first start of an empty database (no services, portfolio or feedback yet). */
export async function seedIfEmpty(db: Db): Promise<boolean> {
  const [services, portfolio, feedback, users] = await Promise.all([
    db.service.count(),
    db.portfolioItem.count(),
    db.feedback.count(),
    db.adminUser.count(),
  ]);
  if (services + portfolio + feedback + users > 0) return false;
  await seedDemoContent(db);
  return true;
}
