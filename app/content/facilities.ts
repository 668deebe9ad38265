import type { FacilityContact, facilities } from "../db/schema.ts";
import { SITE } from "./site.ts";

type FacilityRow = typeof facilities.$inferInsert;

/**
 * A facility as written here: every directory and profile field (spec section 3). The slug is
 * derived from the name when seeding; `address` is written once and also fills the contact card.
 */
export type FacilitySeed = Omit<FacilityRow, "id" | "slug" | "isActive" | "createdAt" | "contact"> & {
  contact: Omit<FacilityContact, "address">;
};

/** Every facility illustration is drawn on the same canvas (public/images/facilities/*.svg). */
export const FACILITY_IMAGE_SIZE = { width: 640, height: 360 } as const;

const NETWORK = `${SITE.name} specialist telemedicine network`;

/**
 * The directory's seed facilities (spec section 2; decisions section 3). Names, people and
 * contact details are illustrative: the network's partner facilities replace them as they
 * sign up. The first three are the fully detailed Ghana profiles.
 *
 * None is verified (decision 021): the Verified tick means a system administrator checked the
 * facility's HeFRA licence (`licenceVerifiedOn`), which no sample facility has had; `verified`
 * is retired and stays false. No facility carries a rating of its own: a rating comes only from
 * reviews doctors write in the product (table facility_reviews).
 */
export const FACILITY_SEED: FacilitySeed[] = [
  {
    name: "Ridgeview Specialist Hospital",
    type: "hospital",
    location: "Accra, Ghana",
    country: "ghana",
    address: "12 Castle Road, Ridge, Accra, Greater Accra Region, Ghana",
    description:
      "A 180-bed referral hospital in central Accra with round-the-clock emergency care, cardiac and cancer services, and specialist video consultations through the network.",
    specialties: [
      "Cardiology",
      "Oncology",
      "Neurology",
      "Orthopedics",
      "Internal Medicine",
      "Obstetrics & Gynecology",
      "General Surgery",
    ],
    services: [
      "24/7 emergency and trauma care",
      "Inpatient wards and intensive care unit",
      "Cardiac catheterisation laboratory",
      "Chemotherapy day unit",
      "General, orthopaedic and laparoscopic surgery",
      "CT, MRI, ultrasound and digital X-ray",
      "Laboratory and blood bank",
      "In-house pharmacy",
      "Specialist video consultations",
    ],
    serviceCategories: ["emergency", "surgery", "diagnostics", "pharmacy"],
    languages: ["English", "Twi", "Ga", "Ewe"],
    insurance: ["National Health Insurance Scheme (NHIS)", "Private health insurance", "Corporate health plans"],
    image: "/images/facilities/ridgeview-specialist-hospital.svg",
    verified: false,
    emergency: true,
    about:
      "Ridgeview Specialist Hospital has served Accra since 1998, growing from a 40-bed surgical hospital into a 180-bed referral centre for patients from across southern Ghana. Its consultants run daily clinics in heart, cancer, brain and bone care, and the hospital's emergency department is open every hour of the year. Through the network, Ridgeview's doctors review complex cases with specialists abroad without the patient leaving Accra, and patients referred from district facilities arrive with their history already shared.",
    mission:
      "To give every patient who walks through our doors specialist-level care, close to home and without delay.",
    vision: "A Ghana where no patient has to travel abroad for the diagnosis or treatment of a serious illness.",
    partnerships: [
      `Member of the ${NETWORK}`,
      "Referral centre for district hospitals in the Greater Accra Region",
      "Clinical training site for nursing and medical students",
    ],
    specialtyDetails: [
      {
        name: "Cardiology",
        description:
          "Heart clinics, echocardiography, stress testing and a catheterisation laboratory for angiography and stenting.",
      },
      {
        name: "Oncology",
        description:
          "Diagnosis, chemotherapy and follow-up for breast, prostate, cervical and blood cancers, planned with visiting and remote oncologists.",
      },
      {
        name: "Neurology",
        description: "Stroke care, epilepsy clinics, EEG and nerve conduction studies.",
      },
      {
        name: "Orthopedics",
        description: "Fracture care, joint replacement and arthroscopic surgery, with physiotherapy on site.",
      },
      {
        name: "Internal Medicine",
        description: "Care for diabetes, hypertension, kidney and liver disease, in clinics and on the wards.",
      },
      {
        name: "Obstetrics & Gynecology",
        description: "Antenatal care, high-risk pregnancy management, deliveries and gynaecological surgery.",
      },
      {
        name: "General Surgery",
        description: "Planned and emergency abdominal, breast and laparoscopic surgery.",
      },
    ],
    professionals: [
      "Dr. Kofi Mensah-Bonsu, Consultant Cardiologist",
      "Dr. Abena Owusu, Consultant Clinical Oncologist",
      "Dr. Yaw Darko, Consultant Neurologist",
      "Dr. Efua Quaye, Consultant Orthopaedic Surgeon",
      "Dr. Nii Armah Tetteh, Head of Emergency Medicine",
      "Mrs. Adwoa Boateng, Director of Nursing",
    ],
    contact: {
      phones: ["+233 30 276 4100", "+233 24 410 2200"],
      email: "info@ridgeviewhospital.example",
      website: "https://ridgeviewhospital.example",
      facebook: "https://www.facebook.com/ridgeviewhospitalaccra",
      instagram: "https://www.instagram.com/ridgeviewhospitalaccra",
    },
  },
  {
    name: "Ashanti Children's Clinic",
    type: "clinic",
    location: "Kumasi, Ghana",
    country: "ghana",
    address: "45 Prempeh II Street, Adum, Kumasi, Ashanti Region, Ghana",
    description:
      "A children's clinic in Kumasi for check-ups, vaccinations and sick visits, with paediatric specialists available by video for complex cases.",
    specialties: ["Pediatrics", "Neonatology", "Child Nutrition", "Developmental Pediatrics", "Pediatric Cardiology"],
    services: [
      "Well-child check-ups and growth monitoring",
      "Childhood vaccinations",
      "Same-day sick visits",
      "Newborn and premature baby follow-up",
      "Nutrition counselling",
      "Laboratory tests and ultrasound",
      "Children's pharmacy",
      "Specialist video consultations",
    ],
    serviceCategories: ["diagnostics", "pharmacy"],
    languages: ["English", "Twi"],
    insurance: ["National Health Insurance Scheme (NHIS)", "Private health insurance"],
    image: "/images/facilities/ashanti-childrens-clinic.svg",
    verified: false,
    emergency: false,
    about:
      "Ashanti Children's Clinic was opened in 2011 by two Kumasi paediatricians who wanted families to have one place for every stage of childhood, from the first newborn check to the teenage years. Its team sees around 90 children a day. When a child needs a specialist who is not in Kumasi, such as a paediatric cardiologist or a developmental specialist, the clinic arranges a video consultation through the network and keeps the care plan with the family's own doctor.",
    mission: "To help every child in the Ashanti Region grow up healthy, with care their family can reach and afford.",
    vision: "Specialist children's care available in every district of Ghana, not only in the capital.",
    partnerships: [
      `Member of the ${NETWORK}`,
      "Childhood immunisation partner of the regional health directorate",
      "Community nutrition outreach with local schools",
    ],
    specialtyDetails: [
      {
        name: "Pediatrics",
        description: "General care for babies, children and teenagers, from routine check-ups to acute illness.",
      },
      {
        name: "Neonatology",
        description:
          "Follow-up for newborns and premature babies after discharge, including feeding and weight checks.",
      },
      {
        name: "Child Nutrition",
        description: "Assessment and treatment of malnutrition, anaemia and feeding difficulties.",
      },
      {
        name: "Developmental Pediatrics",
        description:
          "Screening and support for speech, learning and developmental delays, including autism assessment.",
      },
      {
        name: "Pediatric Cardiology",
        description: "Heart murmur checks and echocardiography, reviewed by a paediatric cardiologist by video.",
      },
    ],
    professionals: [
      "Dr. Akosua Frimpong, Consultant Paediatrician and Medical Director",
      "Dr. Kwabena Asamoah, Consultant Paediatrician",
      "Dr. Serwaa Agyemang, Neonatologist",
      "Ms. Gifty Osei, Paediatric Nurse Practitioner",
      "Mr. Daniel Ofori, Clinical Nutritionist",
    ],
    contact: {
      phones: ["+233 32 202 5810", "+233 20 731 4455"],
      email: "care@ashantichildrensclinic.example",
      website: "https://ashantichildrensclinic.example",
      facebook: "https://www.facebook.com/ashantichildrensclinic",
    },
  },
  {
    name: "Takoradi Harbour Diagnostic Centre",
    type: "diagnostic",
    location: "Takoradi, Ghana",
    country: "ghana",
    address: "8 Harbour Road, Takoradi, Western Region, Ghana",
    description:
      "Imaging and laboratory centre for the Western Region: CT, ultrasound, mammography, ECG and echo, with results reported by specialist radiologists and cardiologists.",
    specialties: ["Radiology", "Pathology", "Cardiology", "Neurology"],
    services: [
      "CT scanning",
      "Ultrasound and Doppler studies",
      "Digital mammography",
      "Digital X-ray",
      "ECG, echocardiography and 24-hour Holter monitoring",
      "EEG",
      "Full laboratory testing with same-day results",
      "Remote reporting by specialist radiologists",
    ],
    serviceCategories: ["diagnostics"],
    languages: ["English", "Fante", "Twi"],
    insurance: ["National Health Insurance Scheme (NHIS)", "Private health insurance", "Corporate health plans"],
    image: "/images/facilities/takoradi-harbour-diagnostic-centre.svg",
    verified: false,
    emergency: false,
    about:
      "Takoradi Harbour Diagnostic Centre opened in 2016 so that patients in the Western Region no longer need to travel to Accra or Kumasi for a scan. It performs imaging, heart tests and laboratory work for hospitals, clinics and private doctors across the region. Images are reported by radiologists on site and, for specialist questions, by radiologists and cardiologists in the network, so most patients receive a full report within 24 hours.",
    mission: "To give every doctor in the Western Region fast, accurate results they can act on.",
    vision: "No diagnosis in Ghana delayed by distance from a scanner.",
    partnerships: [
      `Member of the ${NETWORK}`,
      "Diagnostic partner for clinics and district hospitals in the Western Region",
      "Breast screening outreach with community health workers",
    ],
    specialtyDetails: [
      {
        name: "Radiology",
        description: "CT, ultrasound, mammography and X-ray, reported by consultant radiologists.",
      },
      {
        name: "Pathology",
        description: "Haematology, chemistry, microbiology and tissue samples sent for histopathology.",
      },
      {
        name: "Cardiology",
        description: "ECG, echocardiography and Holter monitoring, interpreted by cardiologists.",
      },
      {
        name: "Neurology",
        description: "EEG recordings for seizures and other neurological conditions, reported by neurologists.",
      },
    ],
    professionals: [
      "Dr. Ekow Ansah, Consultant Radiologist and Clinical Lead",
      "Dr. Maame Esi Arthur, Consultant Radiologist",
      "Dr. Joseph Eshun, Chemical Pathologist",
      "Mr. Samuel Aidoo, Chief Radiographer",
      "Ms. Comfort Baidoo, Cardiac Physiologist",
    ],
    contact: {
      phones: ["+233 31 202 3390", "+233 55 610 7720"],
      email: "results@takoradidiagnostics.example",
      website: "https://takoradidiagnostics.example",
      instagram: "https://www.instagram.com/takoradidiagnostics",
    },
  },
  {
    name: "Lagoon Heart Institute",
    type: "specialty",
    location: "Lagos, Nigeria",
    country: "nigeria",
    address: "21 Ozumba Mbadiwe Avenue, Victoria Island, Lagos, Nigeria",
    description:
      "A dedicated heart centre in Lagos for adults and children, offering emergency cardiac care, cardiac surgery, catheter procedures and heart imaging.",
    specialties: ["Cardiology", "Cardiothoracic Surgery", "Pediatrics", "Vascular Medicine", "Cardiac Rehabilitation"],
    services: [
      "24/7 chest pain and cardiac emergency unit",
      "Open-heart and valve surgery",
      "Angiography, stenting and pacemaker implantation",
      "Echocardiography and cardiac CT",
      "Children's heart clinic",
      "Cardiac rehabilitation programme",
    ],
    serviceCategories: ["emergency", "surgery", "diagnostics"],
    languages: ["English", "Yoruba", "Igbo", "Hausa"],
    insurance: ["NHIA-accredited HMO plans", "Private health insurance", "Corporate health plans"],
    image: "/images/facilities/lagoon-heart-institute.svg",
    verified: false,
    emergency: true,
    about:
      "Lagoon Heart Institute is a 60-bed heart centre on Victoria Island. Its cardiologists and cardiac surgeons treat heart attacks, valve disease, heart failure and heart conditions children are born with. The chest pain unit is open day and night, and the catheterisation laboratory is staffed around the clock. Patients referred from elsewhere in West Africa can have their scans reviewed by the institute's team before they travel.",
    mission: "To treat heart disease early and well, so that patients in West Africa live longer and stronger lives.",
    vision: "World-class heart care in West Africa, for adults and children alike.",
    partnerships: [`Member of the ${NETWORK}`, "Regional training centre for cardiac nurses and perfusionists"],
    specialtyDetails: [
      {
        name: "Cardiology",
        description:
          "Assessment and treatment of heart attack, heart failure, rhythm problems and high blood pressure.",
      },
      {
        name: "Cardiothoracic Surgery",
        description: "Coronary bypass, valve repair and replacement, and chest surgery.",
      },
      {
        name: "Pediatrics",
        description:
          "Diagnosis and follow-up of heart conditions in babies and children, including congenital defects.",
      },
      {
        name: "Vascular Medicine",
        description: "Care for narrowed arteries, aneurysms, varicose veins and deep vein thrombosis.",
      },
      {
        name: "Cardiac Rehabilitation",
        description: "Supervised exercise, diet and medicine reviews after a heart attack or heart surgery.",
      },
    ],
    professionals: [
      "Dr. Olumide Adeyemi, Consultant Interventional Cardiologist",
      "Dr. Chiamaka Okafor, Consultant Cardiothoracic Surgeon",
      "Dr. Ibrahim Musa, Consultant Paediatric Cardiologist",
      "Dr. Funmilayo Bakare, Consultant Vascular Physician",
      "Mrs. Ngozi Eze, Cardiac Rehabilitation Lead",
    ],
    contact: {
      phones: ["+234 1 463 2180", "+234 803 555 0192"],
      email: "appointments@lagoonheart.example",
      website: "https://lagoonheart.example",
    },
  },
  {
    name: "Westlands Cancer Centre",
    type: "specialty",
    location: "Nairobi, Kenya",
    country: "kenya",
    address: "Ring Road Parklands, Westlands, Nairobi, Kenya",
    description:
      "A cancer centre in Nairobi for diagnosis, chemotherapy, cancer surgery and palliative care, with every case discussed by a multidisciplinary tumour board.",
    specialties: ["Oncology", "Hematology", "Surgical Oncology", "Palliative Care", "Pathology"],
    services: [
      "Cancer screening and biopsy",
      "Chemotherapy and immunotherapy day unit",
      "Cancer surgery",
      "Weekly multidisciplinary tumour board",
      "Palliative and home-based care",
      "Oncology pharmacy",
      "Counselling and patient support groups",
    ],
    serviceCategories: ["surgery", "diagnostics", "pharmacy"],
    languages: ["English", "Swahili"],
    insurance: ["Social Health Authority (SHA)", "Private health insurance", "Corporate health plans"],
    image: "/images/facilities/westlands-cancer-centre.svg",
    verified: false,
    emergency: false,
    about:
      "Westlands Cancer Centre brings the steps of cancer care together under one roof: screening, biopsy, diagnosis, treatment planning, chemotherapy, surgery and palliative care. Each new patient's case is reviewed by the centre's weekly tumour board, which includes oncologists, surgeons, pathologists and, through the network, visiting specialists abroad. The centre also runs counselling and support groups for patients and families.",
    mission:
      "To make sure every patient with cancer in East Africa receives a clear diagnosis and a plan without delay.",
    specialtyDetails: [
      {
        name: "Oncology",
        description: "Chemotherapy, immunotherapy and hormone therapy for solid tumours.",
      },
      {
        name: "Hematology",
        description: "Diagnosis and treatment of leukaemia, lymphoma, myeloma and blood disorders.",
      },
      {
        name: "Surgical Oncology",
        description: "Surgery for breast, bowel, stomach, thyroid and skin cancers.",
      },
      {
        name: "Palliative Care",
        description: "Pain and symptom control, home visits and end-of-life support.",
      },
      {
        name: "Pathology",
        description: "Tissue diagnosis and tumour markers to guide treatment choices.",
      },
    ],
    professionals: [
      "Dr. Wanjiru Kamau, Consultant Medical Oncologist",
      "Dr. Otieno Ouma, Consultant Haematologist",
      "Dr. Faith Njeri, Consultant Surgical Oncologist",
      "Dr. Hassan Abdi, Palliative Care Physician",
      "Ms. Achieng Odhiambo, Oncology Nurse Specialist",
    ],
    contact: {
      phones: ["+254 20 765 4300", "+254 722 555 018"],
      email: "info@westlandscancer.example",
      website: "https://westlandscancer.example",
      facebook: "https://www.facebook.com/westlandscancercentre",
    },
  },
  {
    name: "Table Bay Orthopaedic Clinic",
    type: "clinic",
    location: "Cape Town, South Africa",
    country: "south-africa",
    address: "33 Dock Road, V&A Waterfront, Cape Town, 8001, South Africa",
    description:
      "An orthopaedic and sports injury clinic in Cape Town for joint, spine and fracture care, with day-case surgery and physiotherapy.",
    specialties: ["Orthopedics", "Sports Medicine", "Spine Care", "Physiotherapy", "Pain Management"],
    services: [
      "Orthopaedic and sports injury consultations",
      "Day-case arthroscopic surgery",
      "Fracture clinic",
      "Physiotherapy and rehabilitation",
      "Joint injections",
      "Dispensary",
    ],
    serviceCategories: ["surgery", "pharmacy"],
    languages: ["English", "Afrikaans", "isiXhosa"],
    insurance: ["Medical aid schemes", "Self-pay packages"],
    image: "/images/facilities/table-bay-orthopaedic-clinic.svg",
    verified: false,
    emergency: false,
    about:
      "Table Bay Orthopaedic Clinic opened in 2024 and treats bone, joint and muscle problems in adults and teenagers, from sports injuries and back pain to arthritis and fractures. Surgeons, sports physicians and physiotherapists work side by side, so a patient can be assessed, operated on as a day case and start rehabilitation in the same building.",
    specialtyDetails: [
      {
        name: "Orthopedics",
        description: "Knee, hip, shoulder, hand and foot conditions, including arthroscopy and fracture fixation.",
      },
      {
        name: "Sports Medicine",
        description: "Diagnosis and treatment of sports injuries, with a planned return to activity.",
      },
      {
        name: "Spine Care",
        description: "Assessment and non-surgical treatment of neck and back pain and sciatica.",
      },
      {
        name: "Physiotherapy",
        description: "Rehabilitation after injury or surgery, and exercise programmes for arthritis.",
      },
      {
        name: "Pain Management",
        description: "Guided joint and spinal injections and long-term pain plans.",
      },
    ],
    professionals: [
      "Dr. Pieter van der Merwe, Orthopaedic Surgeon",
      "Dr. Thandeka Nkosi, Sports Medicine Physician",
      "Dr. Sipho Dlamini, Pain Management Specialist",
      "Ms. Lerato Mokoena, Senior Physiotherapist",
    ],
    contact: {
      phones: ["+27 21 555 0147"],
      email: "bookings@tablebayortho.example",
    },
  },
  {
    name: "Sahyadri Neuro and Stroke Hospital",
    type: "hospital",
    location: "Pune, India",
    country: "india",
    address: "Plot 14, Karve Road, Erandwane, Pune, Maharashtra 411004, India",
    description:
      "A 120-bed hospital in Pune focused on the brain and spine, with a 24/7 stroke team, neurosurgery and neurorehabilitation.",
    specialties: [
      "Neurology",
      "Neurosurgery",
      "Stroke Medicine",
      "Neurorehabilitation",
      "Pediatrics",
      "Cardiology",
      "Critical Care",
    ],
    services: [
      "24/7 stroke and emergency unit",
      "Neurosurgery and spine surgery",
      "Neuro intensive care unit",
      "MRI, CT and EEG",
      "Neurorehabilitation and speech therapy",
      "24-hour pharmacy",
      "Second-opinion video consultations for international patients",
    ],
    serviceCategories: ["emergency", "surgery", "diagnostics", "pharmacy"],
    languages: ["English", "Hindi", "Marathi"],
    insurance: ["Ayushman Bharat (PM-JAY)", "Private health insurance", "International insurance"],
    image: "/images/facilities/sahyadri-neuro-and-stroke-hospital.svg",
    verified: false,
    emergency: true,
    about:
      "Sahyadri Neuro and Stroke Hospital treats conditions of the brain, spine and nerves in adults and children. Its stroke team can give clot-dissolving treatment within minutes of arrival, and its neurosurgeons operate on brain tumours, spinal injuries and epilepsy. Through the network, the hospital's neurologists give second opinions to doctors in African partner facilities and review brain scans remotely.",
    vision: "Fast, expert stroke and brain care for every patient, wherever they live.",
    partnerships: [`Member of the ${NETWORK}`, "Teaching hospital for neurology and neurosurgery residents"],
    specialtyDetails: [
      {
        name: "Neurology",
        description: "Epilepsy, migraine, Parkinson's disease, multiple sclerosis and nerve disorders.",
      },
      {
        name: "Neurosurgery",
        description: "Surgery for brain tumours, head injuries, spinal conditions and hydrocephalus.",
      },
      {
        name: "Stroke Medicine",
        description: "Emergency clot-dissolving and clot-removal treatment, and stroke prevention clinics.",
      },
      {
        name: "Neurorehabilitation",
        description: "Physiotherapy, occupational therapy and speech therapy after stroke or brain injury.",
      },
      {
        name: "Pediatrics",
        description: "Child neurology clinics for seizures, developmental delay and cerebral palsy.",
      },
      {
        name: "Cardiology",
        description: "Heart rhythm and blood pressure care to prevent a second stroke.",
      },
      {
        name: "Critical Care",
        description: "A 20-bed neuro intensive care unit staffed around the clock.",
      },
    ],
    professionals: [
      "Dr. Anil Deshpande, Consultant Neurologist and Stroke Lead",
      "Dr. Meera Kulkarni, Consultant Neurosurgeon",
      "Dr. Rohan Joshi, Consultant Paediatric Neurologist",
      "Dr. Priya Nair, Neuro-critical Care Specialist",
      "Ms. Sneha Patil, Head of Neurorehabilitation",
    ],
    contact: {
      phones: ["+91 20 6710 4500", "+91 98220 55 310"],
      email: "international@sahyadrineuro.example",
      website: "https://sahyadrineuro.example",
      instagram: "https://www.instagram.com/sahyadrineuro",
    },
  },
  {
    name: "Clínica Boa Vista Recife",
    type: "clinic",
    location: "Recife, Brazil",
    country: "brazil",
    address: "Rua da Aurora 820, Boa Vista, Recife, Pernambuco, 50050-000, Brazil",
    description:
      "A family and specialist clinic in Recife offering children's care, heart check-ups, orthopaedics and on-site tests.",
    specialties: ["Family Medicine", "Pediatrics", "Cardiology", "Orthopedics", "Dermatology"],
    services: [
      "Family doctor consultations",
      "Children's clinic and vaccinations",
      "ECG and exercise stress testing",
      "Ultrasound and laboratory tests",
      "Minor procedures",
      "Pharmacy",
    ],
    serviceCategories: ["diagnostics", "pharmacy"],
    languages: ["Portuguese", "English", "Spanish"],
    insurance: ["Private health plans", "Self-pay"],
    image: "/images/facilities/clinica-boa-vista-recife.svg",
    verified: false,
    emergency: false,
    about:
      "Clínica Boa Vista Recife is a family clinic in the centre of Recife where general practitioners and specialists share one reception, one record and one laboratory. Families can book their children's check-ups, a heart assessment for a parent and a skin consultation on the same morning. The clinic's doctors take part in the network's specialist case reviews.",
    specialtyDetails: [
      {
        name: "Family Medicine",
        description: "Everyday care for all ages, long-term conditions and health checks.",
      },
      {
        name: "Pediatrics",
        description: "Child health checks, vaccinations and care for common childhood illnesses.",
      },
      {
        name: "Cardiology",
        description: "Blood pressure and cholesterol clinics, ECG and stress testing.",
      },
      {
        name: "Orthopedics",
        description: "Back, joint and sports injury consultations, with referral for surgery when needed.",
      },
      {
        name: "Dermatology",
        description: "Skin, hair and nail conditions, and skin cancer checks.",
      },
    ],
    professionals: [
      "Dra. Mariana Albuquerque, Family Physician and Clinical Director",
      "Dr. Rafael Cavalcanti, Cardiologist",
      "Dra. Luana Farias, Paediatrician",
      "Dr. Tiago Monteiro, Orthopaedist",
    ],
    contact: {
      phones: ["+55 81 3035 7720"],
      email: "contato@clinicaboavista.example",
      website: "https://clinicaboavista.example",
    },
  },
];
