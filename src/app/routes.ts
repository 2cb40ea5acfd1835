// The one route table (spec 2). The sidebar, breadcrumb, route search, command palette, tag tabs and the
// navigation guard all read it, filtered by the role rules of spec 6. Adding a screen = adding an entry
// here with a lazy `screen`; analysis screens not built yet show the translated "not available yet" page.
// Paths the spec does not give were chosen here and are listed in ARCHITECTURE.md.
import { serverRoles } from "./router/permissions.ts";
import type { AppRoute } from "./router/types.ts";

/** Reliability growth (issue 21): the three lists and their editors, one screen each. */
const growthList = () => import("./features/growth/GrowthList.tsx");
const growthEditor = () => import("./features/growth/GrowthEditor.tsx");
const fmeaList = () => import("./features/fmea/FmeaList.tsx");
const fmeaDashboard = () => import("./features/fmea/Dashboard.tsx");
const fmeaTree = () => import("./features/fmea/FmeaTree.tsx");
const fmeaTopology = () => import("./features/fmea/Topology.tsx");
const fmeaFlow = () => import("./features/fmea/FlowProcess.tsx");
const fmeaTable = () => import("./features/fmea/FmeaTable.tsx");
const fmeaConfigList = () => import("./features/fmea/FmeaConfigList.tsx");
const fmeaConfigEditor = () => import("./features/fmea/FmeaConfigEditor.tsx");
const lifeDataPage = () => import("./features/life/LifeDataPage.tsx");
const degradationPage = () => import("./features/degradation/DegradationPage.tsx");
const costPage = () => import("./features/cost/CostPage.tsx");

/**
 * The paths code outside this table navigates to, links to, names in `when` rules or tests: each written
 * once, here, and used by the table below (tests/app/routes.test.ts finds any path typed elsewhere in
 * src/app). Add a path here when a screen, command or test needs it.
 */
export const PATHS = {
  login: "/login",
  notFound: "/404",
  unauthorized: "/401",
  statistic: "/statistic/index",
  project: "/project/index",
  projectDetail: "/project/detail",
  fmeaProject: "/fmeaProject/index",
  dfmea: "/dfmea",
  pfmea: "/pfmea",
  // The configurations of each variant (spec 4; the spec gives them no route): list, and one edited.
  dfmeaConfig: "/dfmea/config",
  pfmeaConfig: "/pfmea/config",
  dfmeaConfigEdit: "/dfmea/config/edit",
  pfmeaConfigEdit: "/pfmea/config/edit",
  fmeaDictionary: "/fmeaDictionary",
  task: "/task/index",
  taskDetail: "/task/detail",
  message: "/message/index",
  lifeDataGroup: "/lifeData",
  lifeDataLife: "/lifeData/life",
  lifeData: "/lifeData/weibull",
  lifeDegradation: "/lifeData/degradation",
  lifeCost: "/lifeData/costOpti",
  lifeNevada: "/lifeData/nevadaNRI",
  multiChart: "/lifeData/multiChart",
  lifeDrawing: "/lifeData/drawing",
  toolsGroup: "/tools",
  alta: "/alta",
  altaLife: "/alta/life",
  rbdList: "/rbd",
  rbdEditor: "/rbd/analysis/index",
  ftaList: "/efta",
  ftaEditor: "/fta/analysis/index",
  growthGroup: "/rgt",
  fmeaGroup: "/fmea",
  designDashboard: "/ddashboard",
  topology: "/topology",
  fmeaTree: "/fmeaTree",
  fmeaTable: "/fmeaTable",
  processDashboard: "/pdashboard",
  flowProcess: "/flowProcess",
  processFmeaTree: "/pFmeaTree",
  processFmeaTable: "/pFmeaTable",
  lifeAnalysis: "/analysis/index",
  altaAnalysis: "/alta/analysis/index",
  guide: "/distributionGuide",
  guideDegradation: "/distributionGuideDe",
  calculator: "/calculator",
  helpHome: "/helpHome",
  weibullHelp: "/weibullhelp",
  altaHelp: "/altahelp",
  ftaHelp: "/ftahelp",
  feedBack: "/feedBack",
  feedBackList: "/feedBackList",
  userCenter: "/userCenter",
  // Reliability test design's pages (spec 2's hidden test pages).
  paramBino: "/paramBino",
  nonparamBino: "/nonparamBino",
  indexChiSquare: "/indexChiSquare",
  weibullChiSquare: "/weibullChiSquare",
  repairePoisson: "/repairePoisson",
  fixEffectValidTest: "/fixEffectValidTest",
  stressStrength: "/stressStrength",
  epdt: "/epdt",
  experimentalDesign: "/experimentalDesign",
} as const;

export const ROOT_REDIRECT = PATHS.statistic;
export const LOGIN_PATH = PATHS.login;

/**
 * The pages of the life-data sheet. Spec 2 has Weibull, degradation, cost and Nevada share one page; since issue
 * 20 each of the other three is its own analysis with its own page and commands, so the Weibull sheet's
 * commands (its Ctrl+S among them) act on the Weibull page only.
 */
export const LIFE_SHEET_PATHS = [PATHS.lifeData];

/**
 * The page that opens a stored /api/wb document of each analysis kind (`summary.kind`; none = Weibull) with
 * `?wbId=`: the one map from kind to route, read by the life-data list (/lifeData/life).
 */
export const LIFE_KIND_PATHS = {
  weibull: PATHS.lifeData,
  degradation: PATHS.lifeDegradation,
  warranty: PATHS.lifeNevada,
  cost: PATHS.lifeCost,
} as const;
export type LifeKind = keyof typeof LIFE_KIND_PATHS;

/** A life-data document's page: its kind's route with `?wbId=`; a kind not known here opens as Weibull. */
export function lifeDocumentPath(kind: unknown, id: number): string {
  const path = Object.hasOwn(LIFE_KIND_PATHS, String(kind))
    ? LIFE_KIND_PATHS[kind as LifeKind]
    : LIFE_KIND_PATHS.weibull;
  return pathWithQuery(path, { wbId: id });
}

/** A path with its query; undefined values are left out. */
/** A reliability growth page: /rgt/draft/list, /rgt/growthPlan/new, /rgt/track/edit, ... */
export function growthPath(kind: "draft" | "growthPlan" | "track", page: "list" | "new" | "edit"): string {
  return `${PATHS.growthGroup}/${kind}/${page}`;
}

export function pathWithQuery(
  path: string,
  query: Record<string, string | number | undefined | null>,
): string {
  const q = new URLSearchParams();
  for (const [k, v] of Object.entries(query)) if (v !== undefined && v !== null) q.set(k, String(v));
  const text = q.toString();
  return text ? `${path}?${text}` : path;
}

export const routes: AppRoute[] = [
  // Public routes (spec 2)
  {
    path: LOGIN_PATH,
    layout: "blank",
    public: true,
    meta: { title: "login", hidden: true, noCommand: true },
    screen: () => import("./features/account/Login.tsx"),
  },
  {
    path: "/auth-redirect",
    layout: "blank",
    public: true,
    meta: { title: "authRedirect", hidden: true, noCommand: true },
    screen: () => import("./features/common/AuthRedirect.tsx"),
  },
  {
    path: PATHS.notFound,
    layout: "blank",
    public: true,
    meta: { title: "notFound", hidden: true, noCommand: true },
    screen: () => import("./features/common/NotFound.tsx"),
  },
  {
    path: PATHS.unauthorized,
    layout: "blank",
    public: true,
    meta: { title: "unauthorized", hidden: true, noCommand: true },
    screen: () => import("./features/common/Unauthorized.tsx"),
  },
  {
    path: "/redirect/*",
    layout: "blank",
    public: true,
    meta: { title: "redirect", hidden: true, noCommand: true },
    screen: () => import("./features/common/Redirect.tsx"),
  },
  { path: "/", redirect: ROOT_REDIRECT },

  // Main layout
  {
    path: ROOT_REDIRECT,
    layout: "main",
    meta: { title: "statistic", icon: "dashboard", affix: true, keywords: ["home", "dashboard"] },
    screen: () => import("./features/statistic/Statistic.tsx"),
  },
  {
    path: "/project",
    layout: "main",
    meta: { title: "projectGroup", icon: "folder" },
    children: [
      {
        path: PATHS.project,
        meta: { title: "project", icon: "folder" },
        screen: () => import("./features/projects/Projects.tsx"),
      },
      {
        path: `${PATHS.projectDetail}/:id`,
        meta: { title: "projectDetail", hidden: true, activeMenu: PATHS.project, noCommand: true },
        screen: () => import("./features/projects/ProjectDetail.tsx"),
      },
      {
        path: PATHS.fmeaProject,
        meta: { title: "fmeaProject", icon: "layers" },
        screen: () => import("./features/fmea/FmeaProjects.tsx"),
      },
      { path: PATHS.dfmea, meta: { title: "dfmea", icon: "table" }, screen: fmeaList },
      { path: PATHS.pfmea, meta: { title: "pfmea", icon: "flow" }, screen: fmeaList },
      // FMEA configurations (issue 17): under their variant's list, highlighted as it in the sidebar.
      ...(["design", "process"] as const).flatMap((variant) => {
        const list = variant === "design" ? PATHS.dfmea : PATHS.pfmea;
        const keywords = ["configuration", "rating scale", "severity", "occurrence", "detection", "special"];
        return [
          {
            path: variant === "design" ? PATHS.dfmeaConfig : PATHS.pfmeaConfig,
            meta: {
              title: variant === "design" ? "dfmeaConfig" : "pfmeaConfig",
              icon: "settings" as const,
              hidden: true,
              activeMenu: list,
              keywords,
            },
            screen: fmeaConfigList,
          },
          {
            path: variant === "design" ? PATHS.dfmeaConfigEdit : PATHS.pfmeaConfigEdit,
            meta: {
              title: variant === "design" ? "dfmeaConfigEdit" : "pfmeaConfigEdit",
              hidden: true,
              activeMenu: list,
              noCommand: true,
            },
            screen: fmeaConfigEditor,
          },
        ];
      }),
      {
        path: PATHS.fmeaDictionary,
        meta: {
          title: "fmeaDictionary",
          icon: "book",
          keywords: ["dictionary", "device", "failure", "risk event", "library", "catalogue"],
        },
        screen: () => import("./features/dictionary/DictionaryPage.tsx"),
      },
    ],
  },
  {
    path: "/work",
    layout: "main",
    meta: { title: "workGroup", icon: "inbox" },
    children: [
      {
        path: PATHS.task,
        meta: { title: "task", icon: "check" },
        screen: () => import("./features/tasks/Tasks.tsx"),
      },
      {
        path: `${PATHS.taskDetail}/:id`,
        meta: {
          title: "taskDetail",
          hidden: true,
          activeMenu: PATHS.task,
          noCommand: true,
          noCache: true,
        },
        screen: () => import("./features/tasks/TaskDetail.tsx"),
      },
      {
        path: PATHS.message,
        meta: { title: "message", icon: "mail" },
        screen: () => import("./features/messages/Messages.tsx"),
      },
      {
        path: "/message/alert",
        meta: { title: "messageAlert", icon: "bell" },
        screen: () => import("./features/messages/MessageAlert.tsx"),
      },
      {
        path: "/recycleBin",
        meta: { title: "recycleBin", icon: "trash" },
        screen: () => import("./features/recycle/RecycleBin.tsx"),
      },
    ],
  },
  {
    path: PATHS.lifeDataGroup,
    layout: "analysis",
    meta: { title: "lifeDataGroup", icon: "chart" },
    children: [
      {
        path: PATHS.lifeDataLife,
        meta: { title: "lifeData", icon: "database", keywords: ["data sets", "documents"] },
        screen: () => import("./features/life/LifeListPage.tsx"),
      },
      {
        path: PATHS.lifeData,
        meta: { title: "lifeDataAnalysis", icon: "chart", keywords: ["weibull", "life data"] },
        screen: lifeDataPage,
      },
      { path: PATHS.lifeDegradation, meta: { title: "degradation", icon: "trend" }, screen: degradationPage },
      { path: PATHS.lifeCost, meta: { title: "costOpti", icon: "coin" }, screen: costPage },
      {
        path: PATHS.lifeNevada,
        meta: { title: "nevada", icon: "grid", keywords: ["warranty", "NRI", "RI"] },
        screen: () => import("./features/warranty/WarrantyPage.tsx"),
      },
      {
        path: PATHS.multiChart,
        meta: { title: "multiChart", icon: "chart" },
        screen: () => import("./features/life/MultiChartPage.tsx"),
      },
      {
        path: PATHS.lifeDrawing,
        meta: { title: "drawingTool", icon: "pen", keywords: ["probability paper", "RRX", "RRY"] },
        screen: () => import("./features/life/DrawingPage.tsx"),
      },
    ],
  },
  {
    path: PATHS.toolsGroup,
    layout: "analysis",
    meta: { title: "toolsGroup", icon: "tool" },
    children: [
      {
        path: PATHS.alta,
        meta: { title: "ealt", icon: "thermometer" },
        screen: () => import("./features/alt/AltList.tsx"),
      },
      {
        path: PATHS.altaLife,
        meta: { title: "altaLife", icon: "database" },
        screen: () => import("./features/alt/AltDataPage.tsx"),
      },
      {
        path: PATHS.rbdList,
        meta: { title: "erbd", icon: "blocks", keywords: ["block diagram"] },
        screen: () => import("./features/rbd/RbdList.tsx"),
      },
      {
        path: PATHS.rbdEditor,
        meta: { title: "rbdAnalysis", icon: "blocks", keywords: ["block diagram", "editor"] },
        screen: () => import("./features/rbd/RbdEditor.tsx"),
      },
      {
        path: PATHS.ftaList,
        meta: { title: "efta", icon: "tree", keywords: ["fault tree"] },
        screen: () => import("./features/fta/FtaList.tsx"),
      },
      {
        path: PATHS.ftaEditor,
        meta: {
          title: "ftaAnalysis",
          icon: "tree",
          keywords: ["fault tree", "cut sets", "minimal cut sets"],
        },
        screen: () => import("./features/fta/FtaEditor.tsx"),
      },
      {
        path: PATHS.epdt,
        meta: {
          title: "epdt",
          icon: "gauge",
          keywords: ["prediction", "MIL-HDBK-217F", "parts count", "parts stress"],
        },
        screen: () => import("./features/prediction/PredictionPage.tsx"),
      },
      {
        path: PATHS.experimentalDesign,
        meta: {
          title: "experimentalDesign",
          icon: "flask",
          keywords: [
            "DOE",
            "factorial",
            "Shainin",
            "B vs C",
            "Tukey",
            "component search",
            "hypothesis test",
            "t test",
          ],
        },
        screen: () => import("./features/doe/DoePage.tsx"),
      },
      // Hidden statistical test pages (spec 2), reached from the design-of-experiments screen and the palette.
      ...(
        [
          "paramBino",
          "nonparamBino",
          "indexChiSquare",
          "weibullChiSquare",
          "repairePoisson",
          "fixEffectValidTest",
          "stressStrength",
        ] as const
      ).map(
        (name): AppRoute => ({
          path: PATHS[name],
          meta: { title: name, hidden: true, activeMenu: PATHS.experimentalDesign },
          screen: () => import("./features/testdesign/TestDesignPage.tsx"),
        }),
      ),
    ],
  },
  {
    path: PATHS.growthGroup,
    layout: "analysis",
    meta: { title: "erg", icon: "growth", keywords: ["reliability growth"] },
    children: [
      { path: growthPath("draft", "list"), meta: { title: "draft", icon: "file" }, screen: growthList },
      {
        path: growthPath("growthPlan", "list"),
        meta: { title: "growthPlan", icon: "calendar" },
        screen: growthList,
      },
      { path: growthPath("track", "list"), meta: { title: "track", icon: "trend" }, screen: growthList },
      ...(["draft", "growthPlan", "track"] as const).flatMap((kind): AppRoute[] => [
        {
          path: growthPath(kind, "new"),
          meta: { title: `${kind}New`, hidden: true, activeMenu: growthPath(kind, "list"), noCache: true },
          screen: growthEditor,
        },
        {
          path: growthPath(kind, "edit"),
          meta: {
            title: `${kind}Edit`,
            hidden: true,
            activeMenu: growthPath(kind, "list"),
            noCache: true,
            noCommand: true,
          },
          screen: growthEditor,
        },
      ]),
    ],
  },
  // Failure-mode layout: its own top bar with the tabs of spec 2.
  {
    path: PATHS.fmeaGroup,
    layout: "fmea",
    meta: { title: "fmeaGroup", icon: "layers", hidden: true },
    children: [
      {
        path: PATHS.designDashboard,
        fmea: "design",
        meta: { title: "basicInfo", hidden: true },
        screen: fmeaDashboard,
      },
      {
        path: PATHS.topology,
        fmea: "design",
        meta: { title: "topology", hidden: true },
        screen: fmeaTopology,
      },
      {
        path: PATHS.fmeaTree,
        fmea: "design",
        meta: { title: "structureTree", hidden: true },
        screen: fmeaTree,
      },
      {
        path: PATHS.fmeaTable,
        fmea: "design",
        meta: { title: "fmeaTable", hidden: true },
        screen: fmeaTable,
      },
      {
        path: PATHS.processDashboard,
        fmea: "process",
        meta: { title: "basicInfo", hidden: true },
        screen: fmeaDashboard,
      },
      {
        path: PATHS.flowProcess,
        fmea: "process",
        meta: { title: "flowProcess", hidden: true },
        screen: fmeaFlow,
      },
      {
        path: PATHS.processFmeaTree,
        fmea: "process",
        meta: { title: "structureTree", hidden: true },
        screen: fmeaTree,
      },
      {
        path: PATHS.processFmeaTable,
        fmea: "process",
        meta: { title: "pfmeaTable", hidden: true },
        screen: fmeaTable,
      },
      {
        path: PATHS.lifeAnalysis,
        fmea: "life",
        meta: { title: "analysis", icon: "chart" },
        screen: () => import("./features/life/AnalysisPage.tsx"),
      },
      {
        path: PATHS.altaAnalysis,
        fmea: "life",
        meta: { title: "altaAnalysis", icon: "thermometer" },
        screen: () => import("./features/alt/AltAnalysisPage.tsx"),
      },
      {
        path: PATHS.guide,
        fmea: "life",
        meta: { title: "distributionGuide", icon: "compass" },
        screen: () => import("./features/life/GuidePage.tsx"),
      },
      {
        path: PATHS.guideDegradation,
        fmea: "life",
        meta: { title: "distributionGuideDe", icon: "compass" },
        screen: () => import("./features/life/GuidePage.tsx"),
      },
      {
        path: PATHS.calculator,
        fmea: "life",
        meta: { title: "calculator", icon: "calculator" },
        screen: () => import("./features/life/CalculatorPage.tsx"),
      },
    ],
  },
  {
    path: "/help",
    layout: "main",
    meta: { title: "helpGroup", icon: "help" },
    children: [
      {
        path: PATHS.helpHome,
        meta: { title: "helpHome", icon: "help" },
        screen: () => import("./features/help/HelpHome.tsx"),
      },
      {
        path: PATHS.weibullHelp,
        meta: { title: "weibullhelp", icon: "book", activeMenu: PATHS.helpHome },
        screen: () => import("./features/help/Manual.tsx"),
      },
      {
        path: PATHS.altaHelp,
        meta: { title: "altahelp", icon: "book", activeMenu: PATHS.helpHome },
        screen: () => import("./features/help/Manual.tsx"),
      },
      {
        path: PATHS.ftaHelp,
        meta: { title: "ftahelp", icon: "book", activeMenu: PATHS.helpHome },
        screen: () => import("./features/help/Manual.tsx"),
      },
      {
        path: PATHS.feedBack,
        meta: { title: "feedBack", icon: "feedback", noCache: true },
        screen: () => import("./features/feedback/FeedbackPage.tsx"),
      },
      {
        path: PATHS.feedBackList,
        meta: { title: "feedBackList", icon: "list" },
        screen: () => import("./features/feedback/FeedbackList.tsx"),
      },
    ],
  },
  {
    path: PATHS.userCenter,
    layout: "main",
    meta: { title: "userCenter", icon: "user", hidden: true },
    screen: () => import("./features/account/UserCenter.tsx"),
  },
  {
    path: "/userList",
    layout: "main",
    meta: { title: "userManagement", icon: "users", rolePermission: serverRoles("/userList") },
    screen: () => import("./features/admin/UserManagement.tsx"),
  },
];
