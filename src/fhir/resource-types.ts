/** The resource types of FHIR R4 (4.0.1), so an unknown type in the URL is named, not fetched. */
const R4_RESOURCE_TYPES = `Account ActivityDefinition AdverseEvent AllergyIntolerance Appointment AppointmentResponse
AuditEvent Basic Binary BiologicallyDerivedProduct BodyStructure Bundle CapabilityStatement CarePlan CareTeam
CatalogEntry ChargeItem ChargeItemDefinition Claim ClaimResponse ClinicalImpression CodeSystem Communication
CommunicationRequest CompartmentDefinition Composition ConceptMap Condition Consent Contract Coverage
CoverageEligibilityRequest CoverageEligibilityResponse DetectedIssue Device DeviceDefinition DeviceMetric
DeviceRequest DeviceUseStatement DiagnosticReport DocumentManifest DocumentReference EffectEvidenceSynthesis
Encounter Endpoint EnrollmentRequest EnrollmentResponse EpisodeOfCare EventDefinition Evidence EvidenceVariable
ExampleScenario ExplanationOfBenefit FamilyMemberHistory Flag Goal GraphDefinition Group GuidanceResponse
HealthcareService ImagingStudy Immunization ImmunizationEvaluation ImmunizationRecommendation
ImplementationGuide InsurancePlan Invoice Library Linkage List Location Measure MeasureReport Media Medication
MedicationAdministration MedicationDispense MedicationKnowledge MedicationRequest MedicationStatement
MedicinalProduct MedicinalProductAuthorization MedicinalProductContraindication MedicinalProductIndication
MedicinalProductIngredient MedicinalProductInteraction MedicinalProductManufactured MedicinalProductPackaged
MedicinalProductPharmaceutical MedicinalProductUndesirableEffect MessageDefinition MessageHeader
MolecularSequence NamingSystem NutritionOrder Observation ObservationDefinition OperationDefinition
OperationOutcome Organization OrganizationAffiliation Parameters Patient PaymentNotice PaymentReconciliation
Person PlanDefinition Practitioner PractitionerRole Procedure Provenance Questionnaire QuestionnaireResponse
RelatedPerson RequestGroup ResearchDefinition ResearchElementDefinition ResearchStudy ResearchSubject
RiskAssessment RiskEvidenceSynthesis Schedule SearchParameter ServiceRequest Slot Specimen SpecimenDefinition
StructureDefinition StructureMap Subscription Substance SubstanceNucleicAcid SubstancePolymer SubstanceProtein
SubstanceReferenceInformation SubstanceSourceMaterial SubstanceSpecification SupplyDelivery SupplyRequest Task
TerminologyCapabilities TestReport TestScript ValueSet VerificationResult VisionPrescription`;

/** Types the server adds beyond R4 (its project administration and automation resources). */
const SERVER_RESOURCE_TYPES = 'Bot Project ProjectMembership User ClientApplication AccessPolicy';

const KNOWN = new Set([...R4_RESOURCE_TYPES.split(/\s+/), ...SERVER_RESOURCE_TYPES.split(/\s+/)]);

export function isResourceType(name: string): boolean {
  return KNOWN.has(name);
}

/** Every resource type the console opens, in alphabetical order (the navigation's type picker). */
export const RESOURCE_TYPES: readonly string[] = [...KNOWN].sort();
