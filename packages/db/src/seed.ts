import type { Db } from "./db";

type SeedService = {
  title: string;
  description: string;
  /** One of CATEGORIES (packages/validators; a test checks every category page has services). */
  category: string;
  price: number;
  duration: string;
  /** The session's length (of each day); null where the text names no length the studio books (set by the owner). */
  minutes: number | null;
  /** Open days in a row a session takes (1 unless told). */
  days?: number;
  /**
   * Travel and set-up before, pack-down after. The whole held range must fit in the day's open hours (09:00–18:00
   * on the default schedule), so a full day (8 hours) has its pack-down hour after and starts at 09:00.
   */
  buffers?: { before: number; after: number };
  features: string[];
  image: string;
};

/**
 * The studio's offer: every service each category page shows (the pages hold no offer of their own), in the
 * order the pages list them. All USD. The first three are one-hour sessions of photography, videography and
 * post-production: section 7's clients map those slugs to service ids 1, 2 and 3, and book any hourly slot.
 */
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
    title: "Documentary",
    description: "A short documentary that follows real people and tells their story with care.",
    category: "videography",
    price: 3499,
    duration: "4-6 weeks",
    minutes: 60, // the booked session is the briefing; the text is the turnaround
    features: ["Research and interviews", "Verité filming", "Story edit", "Festival deliverables"],
    image: "/media/documentary.jpg",
  },
  {
    title: "Color Grading",
    description:
      "A finished look for your film, series or commercial, graded on calibrated reference monitors in a treated suite.",
    category: "vfx-post",
    price: 799,
    duration: "3-5 days",
    minutes: 60, // the booked session is the briefing; the text is the turnaround
    features: ["Look development", "Shot matching", "HDR and SDR deliverables", "Remote review sessions"],
    image: "/media/edit-suite.jpg",
  },
  {
    title: "Event Coverage",
    description:
      "Photo coverage of conferences, launches and celebrations, with a same-week online gallery of every good frame.",
    category: "photography",
    price: 799,
    duration: "Up to 8 hours",
    minutes: 480,
    buffers: { before: 0, after: 60 },
    features: ["Two photographers", "Same-week gallery", "Candid and posed", "Live social selects"],
    image: "/media/event.jpg",
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
    title: "Fashion Editorial",
    description: "Editorial and lookbook shoots with styling support, art direction and hand retouching.",
    category: "photography",
    price: 599,
    duration: "Full day",
    minutes: 480,
    buffers: { before: 0, after: 60 },
    features: ["Art direction", "Styling support", "15 retouched looks", "Lookbook layouts"],
    image: "/media/fashion.jpg",
  },
  {
    title: "Real Estate Photography",
    description: "Interiors and exteriors, shot at the right hour, that sell the space.",
    category: "photography",
    price: 399,
    duration: "3 hours",
    minutes: 180,
    buffers: { before: 30, after: 30 },
    features: ["30 edited images", "Twilight exteriors", "Floor-plan friendly angles", "48-hour delivery"],
    image: "/media/real-estate.jpg",
  },
  {
    title: "Corporate Headshots",
    description: "Headshots and workplace stories that show the people behind your brand.",
    category: "photography",
    price: 499,
    duration: "Half day",
    minutes: 240,
    buffers: { before: 30, after: 30 },
    features: ["On-site studio", "Up to 20 people", "Consistent lighting", "Two retouched images each"],
    image: "/media/corporate.jpg",
  },
  {
    title: "Corporate Brand Film",
    description:
      "A two-to-three minute film that tells who you are: interviews, b-roll at your workplace, music licensing and a polished edit.",
    category: "videography",
    price: 1299,
    duration: "2 shoot days",
    minutes: 480,
    days: 2,
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
    buffers: { before: 0, after: 60 },
    features: ["Two operators", "Highlight film", "Full ceremony edit", "Drone shots"],
    image: "/media/event.jpg",
  },
  {
    title: "Music Video",
    description: "A performance and story video for your track, from treatment to the final grade.",
    category: "videography",
    price: 2499,
    duration: "2 shoot days",
    minutes: 480,
    days: 2,
    features: ["Treatment and storyboard", "Cinema cameras", "Colour grade", "Vertical cut"],
    image: "/media/concert.jpg",
  },
  {
    title: "Product Video",
    description: "A short film that shows your product at work, with clean studio shots and real use.",
    category: "videography",
    price: 899,
    duration: "1 shoot day",
    minutes: 480,
    buffers: { before: 0, after: 60 },
    features: ["Studio and lifestyle shots", "Motion titles", "16:9 and 9:16", "Licensed music"],
    image: "/media/product.jpg",
  },
  {
    title: "Live Streaming",
    description:
      "Multi-camera live streaming of your event to YouTube, LinkedIn or a private page, with graphics and recording.",
    category: "videography",
    price: 1599,
    duration: "Full day",
    minutes: 480,
    buffers: { before: 0, after: 60 },
    features: ["Three cameras", "Lower-thirds graphics", "Any platform", "Recording included"],
    image: "/media/documentary.jpg",
  },
  {
    title: "Feature Film",
    description:
      "A director of photography and camera department for your feature, from prep to the last day.",
    category: "cinematography",
    price: 5999,
    duration: "Per shoot week",
    minutes: null, // a length the owner sets per production
    features: ["DP and camera crew", "Look development", "Cinema camera package", "On-set colour"],
    image: "/media/film-set.jpg",
  },
  {
    title: "Short Film",
    description: "Cinematography for short films: a lit, designed look on a short-film schedule.",
    category: "cinematography",
    price: 2999,
    duration: "3 shoot days",
    minutes: 480,
    days: 3,
    features: ["DP and focus puller", "Lighting package", "Shot list with the director", "Dailies"],
    image: "/media/documentary.jpg",
  },
  {
    title: "Commercial Cinematography",
    description:
      "A camera department for commercial spots, matched to the agency's boards and the brand's look.",
    category: "cinematography",
    price: 3999,
    duration: "1-2 shoot days",
    minutes: null, // one or two days: the owner picks
    features: ["DP and crew", "Anamorphic or spherical", "Grip and motion control", "On-set monitoring"],
    image: "/media/commercial.jpg",
  },
  {
    title: "Aerial Real Estate",
    description:
      "Licensed drone pilots capture your property and its surroundings in stills and a short fly-over film.",
    category: "drone-services",
    price: 499,
    duration: "2 hours",
    minutes: 120,
    buffers: { before: 0, after: 30 },
    features: ["25 aerial photos", "60 s fly-over film", "Permits handled", "Insured pilots"],
    image: "/media/aerial.jpg",
  },
  {
    title: "Event Aerials",
    description:
      "Aerial photo and video of festivals, weddings and sports days, flown safely over the crowd.",
    category: "drone-services",
    price: 899,
    duration: "Half day",
    minutes: 240,
    buffers: { before: 30, after: 30 },
    features: ["Licensed pilot and spotter", "4K aerial video", "Aerial stills", "Same-week delivery"],
    image: "/media/concert.jpg",
  },
  {
    title: "Construction Monitoring",
    description: "Repeatable progress flights over your site, with stills, video and a monthly time-lapse.",
    category: "drone-services",
    price: 699,
    duration: "Per flight",
    minutes: 120,
    buffers: { before: 30, after: 30 },
    features: ["Repeatable flight paths", "Progress stills", "Monthly time-lapse", "Shared archive"],
    image: "/media/construction.jpg",
  },
  {
    title: "Cinematic FPV Flight",
    description: "Fly-through FPV shots that no crane can reach, for brand films, venues and events.",
    category: "drone-services",
    price: 1299,
    duration: "Half day",
    minutes: 240,
    buffers: { before: 30, after: 30 },
    features: ["FPV pilot and spotter", "4K 60 fps footage", "Indoor fly-throughs", "Graded selects"],
    image: "/media/construction.jpg",
  },
  {
    title: "Agricultural Survey",
    description: "Mapping and crop-health flights over your fields, delivered as maps you can act on.",
    category: "drone-services",
    price: 799,
    duration: "1 day",
    minutes: 480,
    buffers: { before: 0, after: 60 },
    features: ["Orthomosaic maps", "Crop-health imagery", "Field boundaries", "Report and files"],
    image: "/media/fields.jpg",
  },
  {
    title: "Infrastructure Inspection",
    description: "Close, safe inspection flights over roofs, towers and bridges, with every defect located.",
    category: "drone-services",
    price: 999,
    duration: "1 day",
    minutes: 480,
    buffers: { before: 0, after: 60 },
    features: ["High-zoom stills", "Geotagged findings", "Thermal on request", "Inspection report"],
    image: "/media/aerial.jpg",
  },
  {
    title: "Visual Effects",
    description: "Compositing, clean-up and set extensions that sit invisibly in your footage.",
    category: "vfx-post",
    price: 1499,
    duration: "1-3 weeks",
    minutes: 60, // the booked session is the briefing; the text is the turnaround
    features: ["Compositing", "Clean-up and paint", "Set extensions", "Tracking"],
    image: "/media/vfx.jpg",
  },
  {
    title: "Motion Graphics",
    description: "Titles, lower thirds and animated graphics that carry your brand through every cut.",
    category: "vfx-post",
    price: 999,
    duration: "1-2 weeks",
    minutes: 60, // the booked session is the briefing; the text is the turnaround
    features: ["Title design", "Lower thirds", "Animated logo", "Editable templates"],
    image: "/media/vfx.jpg",
  },
  {
    title: "Sound Design",
    description: "Dialogue clean-up, sound effects and a balanced mix for web, broadcast or cinema.",
    category: "vfx-post",
    price: 699,
    duration: "3-5 days",
    minutes: 60, // the booked session is the briefing; the text is the turnaround
    features: ["Dialogue clean-up", "Sound effects", "Stereo and 5.1 mixes", "Loudness to spec"],
    image: "/media/documentary.jpg",
  },
  {
    title: "Video Editing",
    description:
      "From hours of rushes to a story that holds attention: assembly, rough cut, fine cut, sound mix and titles.",
    category: "vfx-post",
    price: 899,
    duration: "1 week",
    minutes: 60, // the booked session is the briefing; the text is the turnaround
    features: ["Story edit", "Sound mix", "Titles and captions", "Two revision rounds"],
    image: "/media/edit-suite.jpg",
  },
  {
    title: "3D Animation",
    description: "Product renders, animated explainers and 3D scenes, modelled, lit and rendered in-house.",
    category: "vfx-post",
    price: 1999,
    duration: "2-4 weeks",
    minutes: 60, // the booked session is the briefing; the text is the turnaround
    features: ["Modelling and texturing", "Animation", "Photoreal rendering", "Two revision rounds"],
    image: "/media/vfx.jpg",
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
  {
    title: "Product Launch Video",
    description: "A launch film and its cut-downs, made to show what your product does in seconds.",
    category: "commercial",
    price: 1299,
    duration: "2 weeks",
    minutes: 60, // the booked session is the briefing; the text is the turnaround
    features: ["Script and storyboard", "Studio shoot", "Motion graphics", "Launch cut-downs"],
    image: "/media/product.jpg",
  },
  {
    title: "Brand Film",
    description: "A brand film that says what you stand for, for your site, your launch and your next pitch.",
    category: "commercial",
    price: 3499,
    duration: "3-4 weeks",
    minutes: 60, // the booked session is the briefing; the text is the turnaround
    features: ["Creative concept", "Casting and locations", "Cinema crew", "Licensed music"],
    image: "/media/corporate.jpg",
  },
  {
    title: "Corporate Film",
    description: "Company films for recruiting, investors and annual meetings, told through your own people.",
    category: "commercial",
    price: 2299,
    duration: "2-3 weeks",
    minutes: 60, // the booked session is the briefing; the text is the turnaround
    features: ["Interviews", "Workplace b-roll", "Graphics", "Two revision rounds"],
    image: "/media/corporate.jpg",
  },
  {
    title: "Explainer Video",
    description: "A clear animated or live-action explainer that makes a complex product simple.",
    category: "commercial",
    price: 1799,
    duration: "2-3 weeks",
    minutes: 60, // the booked session is the briefing; the text is the turnaround
    features: ["Script", "Voice-over", "Animation or live action", "Captions"],
    image: "/media/vfx.jpg",
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
  {
    title: "Villa at Dusk",
    description: "Twilight real-estate photography of a hillside villa.",
    category: "photography",
    client: "Sahyadri Homes",
    location: "Panchgani",
    date: "2026-02-20",
    tags: ["real estate", "twilight"],
    featured: false,
    media_url: "/media/real-estate.jpg",
  },
  {
    title: "People of the Firm",
    description: "Portraits of forty partners and staff for an annual report.",
    category: "photography",
    client: "Mehta & Rao Associates",
    location: "Pune",
    date: "2025-12-05",
    tags: ["corporate", "portrait"],
    featured: false,
    media_url: "/media/corporate.jpg",
  },
  {
    title: "Night Market",
    description: "A short documentary about a city market after dark.",
    category: "videography",
    client: "City Stories",
    location: "Kolhapur",
    date: "2025-10-14",
    tags: ["documentary", "night"],
    featured: false,
    media_url: "/media/documentary.jpg",
  },
  {
    title: "Founders' Film",
    description: "A company story in three minutes, told by the people who started it.",
    category: "videography",
    client: "Loom & Thread",
    location: "Ichalkaranji",
    date: "2026-04-02",
    tags: ["corporate", "interview"],
    featured: false,
    media_url: "/media/corporate.jpg",
  },
  {
    title: "Monsoon",
    description: "A short film about the first rain, shot handheld over six days.",
    category: "cinematography",
    client: "Rainmaker Films",
    location: "Amboli",
    date: "2025-08-10",
    tags: ["short film", "handheld"],
    featured: false,
    media_url: "/media/documentary.jpg",
  },
  {
    title: "Night Shift",
    description: "A thriller short lit with practicals only.",
    category: "cinematography",
    client: "Parallax Films",
    location: "Mumbai",
    date: "2026-01-09",
    tags: ["short film", "low light"],
    featured: false,
    media_url: "/media/corporate.jpg",
  },
  {
    title: "Stage Lights",
    description: "A concert film shot on three cinema cameras.",
    category: "cinematography",
    client: "Blue Note Nights",
    location: "Mumbai",
    date: "2026-05-21",
    tags: ["concert", "multicam"],
    featured: false,
    media_url: "/media/concert.jpg",
  },
  {
    title: "Villa Fly-over",
    description: "A one-take aerial tour of a hillside villa.",
    category: "drone-services",
    client: "Sahyadri Homes",
    location: "Panchgani",
    date: "2026-02-21",
    tags: ["aerial", "real estate"],
    featured: false,
    media_url: "/media/real-estate.jpg",
  },
  {
    title: "Launch Titles",
    description: "Motion graphics for a product launch event.",
    category: "vfx-post",
    client: "Orbit Labs",
    location: null,
    date: "2026-03-28",
    tags: ["motion graphics", "titles"],
    featured: false,
    media_url: "/media/vfx.jpg",
  },
  {
    title: "How It Works",
    description: "A 3D animated explainer for a fintech app.",
    category: "vfx-post",
    client: "Paisa Pal",
    location: null,
    date: "2026-06-02",
    tags: ["3d", "explainer"],
    featured: false,
    media_url: "/media/vfx.jpg",
  },
  {
    title: "Unboxed",
    description: "A product launch film and its social cut-downs.",
    category: "commercial",
    client: "Orbit Labs",
    location: "Studio",
    date: "2026-03-30",
    tags: ["product", "launch"],
    featured: false,
    media_url: "/media/product.jpg",
  },
  {
    title: "We Build",
    description: "A brand film for an engineering firm.",
    category: "commercial",
    client: "Skyline Developers",
    location: "Kolhapur",
    date: "2025-11-20",
    tags: ["brand film", "corporate"],
    featured: false,
    media_url: "/media/corporate.jpg",
  },
  {
    title: "Rain Check",
    description: "A social campaign for a fashion label's monsoon collection.",
    category: "commercial",
    client: "Vogue Studio Edit",
    location: "Amboli",
    date: "2025-07-21",
    tags: ["social", "fashion"],
    featured: false,
    media_url: "/media/fashion.jpg",
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
        durationDays: s.days ?? 1,
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
