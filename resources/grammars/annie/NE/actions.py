"""Python actions of main.jape, ported from its Java right-hand sides by ``annotator jape port``.

Each function says which Java block it replaces; one that raises E541 was not translated:
port it by hand (port-report.json lists them)."""

from __future__ import annotations

from annotator.jape.actions import ActionContext, keeps_features
from annotator.jape.port import gate as J


@keeps_features
def firstname_FirstNameTwitterName(ctx: ActionContext) -> None:
    # Java of firstname.jape:29, rule FirstNameTwitterName
    person = J.get_type(J.bound(ctx, 'person'), 'Lookup')
    personAnn = J.Iter(person).next()
    features = {}
    gender = J.cast(personAnn.features.get('minorType'), 'String')
    ambig = False
    constraints = {}
    constraints['majorType'] = 'person_first'
    lookupsIter = J.Iter(J.get_type(J.get_at(ctx.input, personAnn.start), 'Lookup', constraints))
    while ((not ambig) and lookupsIter.has_next()):
        anAnnot = J.cast(lookupsIter.next(), 'Annotation')
        if J.equals(anAnnot.end, personAnn.end):
            ambig = (not J.equals(gender, anAnnot.features.get('minorType')))
    if (not ambig):
        features['gender'] = gender
    features['rule'] = 'FirstNameTwitterName'
    features['twittername'] = 'yes'
    J.add(ctx.output, J.first_node(person), J.last_node(person), 'FirstPerson', features)


@keeps_features
def firstname_FirstNameTwitterNameAmbig(ctx: ActionContext) -> None:
    # Java of firstname.jape:64, rule FirstNameTwitterNameAmbig
    person = J.get_type(J.bound(ctx, 'person'), 'Lookup')
    personAnn = J.Iter(person).next()
    features = {}
    gender = J.cast(personAnn.features.get('minorType'), 'String')
    ambig = False
    constraints = {}
    constraints['majorType'] = 'person_first'
    lookupsIter = J.Iter(J.get_type(J.get_at(ctx.input, personAnn.start), 'Lookup', constraints))
    while ((not ambig) and lookupsIter.has_next()):
        anAnnot = J.cast(lookupsIter.next(), 'Annotation')
        if J.equals(anAnnot.end, personAnn.end):
            ambig = (not J.equals(gender, anAnnot.features.get('minorType')))
    if (not ambig):
        features['gender'] = gender
    features['rule'] = 'FirstNameTwitterNameAmbig'
    features['twittername'] = 'yes'
    features['kind'] = 'ambig'
    J.add(ctx.output, J.first_node(person), J.last_node(person), 'FirstPerson', features)


@keeps_features
def firstname_FirstName(ctx: ActionContext) -> None:
    # Java of firstname.jape:100, rule FirstName
    person = J.bound(ctx, 'person')
    personAnn = J.Iter(person).next()
    features = {}
    gender = J.cast(personAnn.features.get('minorType'), 'String')
    ambig = False
    constraints = {}
    constraints['majorType'] = 'person_first'
    lookupsIter = J.Iter(J.get_type(J.get_at(ctx.input, personAnn.start), 'Lookup', constraints))
    while ((not ambig) and lookupsIter.has_next()):
        anAnnot = J.cast(lookupsIter.next(), 'Annotation')
        if J.equals(anAnnot.end, personAnn.end):
            ambig = (not J.equals(gender, anAnnot.features.get('minorType')))
    if (not ambig):
        features['gender'] = gender
    else:
        features['gender'] = 'unknown'
    features['rule'] = 'FirstName'
    features['twittername'] = 'no'
    J.add(ctx.output, J.first_node(person), J.last_node(person), 'FirstPerson', features)


@keeps_features
def firstname_FirstNameAmbig(ctx: ActionContext) -> None:
    # Java of firstname.jape:139, rule FirstNameAmbig
    person = J.bound(ctx, 'person')
    personAnn = J.Iter(person).next()
    features = {}
    gender = J.cast(personAnn.features.get('minorType'), 'String')
    ambig = False
    constraints = {}
    constraints['majorType'] = 'person_first'
    lookupsIter = J.Iter(J.get_type(J.get_at(ctx.input, personAnn.start), 'Lookup', constraints))
    while ((not ambig) and lookupsIter.has_next()):
        anAnnot = J.cast(lookupsIter.next(), 'Annotation')
        if J.equals(anAnnot.end, personAnn.end):
            ambig = (not J.equals(gender, anAnnot.features.get('minorType')))
    if (not ambig):
        features['gender'] = gender
    features['rule'] = 'FirstNameAmbig'
    features['kind'] = 'ambig'
    features['twittername'] = 'no'
    J.add(ctx.output, J.first_node(person), J.last_node(person), 'FirstPerson', features)


@keeps_features
def firstname_TitleGender(ctx: ActionContext) -> None:
    # Java of firstname.jape:179, rule TitleGender
    person = J.bound(ctx, 'person')
    personAnn = J.Iter(person).next()
    features = {}
    features['gender'] = personAnn.features.get('minorType')
    features['rule'] = 'TitleGender'
    J.add(ctx.output, J.first_node(person), J.last_node(person), 'Title', features)


@keeps_features
def name_GazPerson(ctx: ActionContext) -> None:
    # Java of name.jape:107, rule GazPerson
    personSet = J.bound(ctx, 'person')
    personAnn = J.Iter(personSet).next()
    features = {}
    tokenSet = J.get_contained(ctx.input, 'Token', J.start(personSet), J.end(personSet))
    tokenList = J.in_document_order(tokenSet)
    if (J.size(tokenList) == 1):
        surnameContent = J.string_for(ctx.doc, J.at(tokenList, 0))
        features['surname'] = surnameContent
    elif (J.size(tokenList) > 0):
        firstNameContent = J.string_for(ctx.doc, J.at(tokenList, 0))
        features['firstName'] = firstNameContent
        if (J.size(tokenList) > 1):
            lastNameStart = J.start(J.at(tokenList, 1))
            lastNameEnd = J.end(J.at(tokenList, (J.size(tokenList) - 1)))
            surnameContent = J.string_for(ctx.doc, lastNameStart, J.nn(lastNameEnd, 'end offset'))
            features['surname'] = surnameContent
    features['kind'] = 'fullName'
    features['rule'] = 'GazPerson'
    features['gender'] = personAnn.features.get('gender')
    J.add_ann(ctx.output, personSet, 'TempPerson', features)


@keeps_features
def name_GazPersonFirst(ctx: ActionContext) -> None:
    # Java of name.jape:165, rule GazPersonFirst
    person = J.bound(ctx, 'person')
    personAnn = J.Iter(person).next()
    features = {}
    features['gender'] = personAnn.features.get('gender')
    features['kind'] = 'firstName'
    features['rule'] = 'GazPersonFirst'
    contentFirstName = J.string_for(ctx.doc, personAnn)
    features['firstName'] = contentFirstName
    J.add(ctx.output, J.first_node(person), J.last_node(person), 'TempPerson', features)


@keeps_features
def name_PersonFirstContext(ctx: ActionContext) -> None:
    # Java of name.jape:194, rule PersonFirstContext
    features1 = {}
    person1Set = J.bound(ctx, 'person1')
    personAnn = J.Iter(person1Set).next()
    contentFirstName = J.string_for(ctx.doc, personAnn)
    features1['firstName'] = contentFirstName
    features1['gender'] = personAnn.features.get('gender')
    features1['kind'] = 'firstName'
    features1['rule'] = 'PersonFirstContext'
    J.add(ctx.output, J.first_node(person1Set), J.last_node(person1Set), 'TempPerson', features1)
    features2 = {}
    person2Set = J.bound(ctx, 'person2')
    person2Ann = J.Iter(person2Set).next()
    content2FirstName = J.string_for(ctx.doc, person2Ann)
    features2['firstName'] = content2FirstName
    features2['kind'] = 'firstName'
    features2['rule'] = 'PersonFirstContext'
    J.add(ctx.output, J.first_node(person2Set), J.last_node(person2Set), 'TempPerson', features2)


@keeps_features
def name_PersonTitle(ctx: ActionContext) -> None:
    # Java of name.jape:247, rule PersonTitle
    features = {}
    personSet = J.bound(ctx, 'person')
    firstNameSet = J.bound(ctx, 'firstName')
    titleSet = J.bound(ctx, 'title')
    titleAnn = J.Iter(titleSet).next()
    surnameSet = J.bound(ctx, 'surname')
    surnameAnn = J.Iter(surnameSet).next()
    contentTitle = J.string_for(ctx.doc, titleAnn)
    features['title'] = contentTitle
    features['gender'] = titleAnn.features.get('gender')
    if ((firstNameSet is not None) and (J.size(firstNameSet) > 0)):
        firstNameAnn = J.Iter(firstNameSet).next()
        firstNameContent = J.string_for(ctx.doc, firstNameAnn)
        features['firstName'] = firstNameContent
    surnameContent = J.string_for(ctx.doc, surnameAnn)
    features['surname'] = surnameContent
    features['kind'] = 'personName'
    features['rule'] = 'PersonTitle'
    J.add(ctx.output, J.first_node(personSet), J.last_node(personSet), 'TempPerson', features)


@keeps_features
def name_PersonTitleUnknownGender(ctx: ActionContext) -> None:
    # Java of name.jape:302, rule PersonTitleUnknownGender
    features = {}
    personSet = J.bound(ctx, 'person')
    firstNameSet = J.bound(ctx, 'firstName')
    titleSet = J.bound(ctx, 'title')
    titleAnn = J.Iter(titleSet).next()
    surnameSet = J.bound(ctx, 'surname')
    surnameAnn = J.Iter(surnameSet).next()
    contentTitle = J.string_for(ctx.doc, titleAnn)
    features['title'] = contentTitle
    features['gender'] = 'unknown'
    if ((firstNameSet is not None) and (J.size(firstNameSet) > 0)):
        firstNameAnn = J.Iter(firstNameSet).next()
        firstNameContent = J.string_for(ctx.doc, firstNameAnn)
        features['firstName'] = firstNameContent
    surnameContent = J.string_for(ctx.doc, surnameAnn)
    features['surname'] = surnameContent
    features['kind'] = 'personName'
    features['rule'] = 'PersonTitleGenderUnknown'
    J.add(ctx.output, J.first_node(personSet), J.last_node(personSet), 'TempPerson', features)


@keeps_features
def name_PersonTitleInitials(ctx: ActionContext) -> None:
    # Java of name.jape:358, rule PersonTitleInitials
    features = {}
    personSet = J.bound(ctx, 'person')
    initialsSet = J.bound(ctx, 'initials')
    titleSet = J.bound(ctx, 'title')
    titleAnn = J.Iter(titleSet).next()
    surnameSet = J.bound(ctx, 'surname')
    surnameAnn = J.Iter(surnameSet).next()
    contentTitle = J.string_for(ctx.doc, titleAnn)
    features['title'] = contentTitle
    features['gender'] = titleAnn.features.get('gender')
    if ((initialsSet is not None) and (J.size(initialsSet) > 0)):
        initialsList = J.in_document_order(initialsSet)
        initialsStart = J.start(J.at(initialsList, 0))
        initialsEnd = J.end(J.at(initialsList, (J.size(initialsList) - 1)))
        initialsContent = J.clean_string_for(ctx.doc, initialsStart, J.nn(initialsEnd, 'end offset'))
        features['initials'] = initialsContent
    surnameContent = J.string_for(ctx.doc, surnameAnn)
    features['surname'] = surnameContent
    features['kind'] = 'personName'
    features['rule'] = 'PersonTitleInitials'
    J.add(ctx.output, J.first_node(personSet), J.last_node(personSet), 'TempPerson', features)


@keeps_features
def name_TitleFirstName(ctx: ActionContext) -> None:
    # Java of name.jape:405, rule TitleFirstName
    features = {}
    personSet = J.bound(ctx, 'person')
    firstNameSet = J.bound(ctx, 'firstName')
    titleSet = J.bound(ctx, 'title')
    titleAnn = J.Iter(titleSet).next()
    contentTitle = J.string_for(ctx.doc, titleAnn)
    features['title'] = contentTitle
    features['gender'] = titleAnn.features.get('gender')
    if ((firstNameSet is not None) and (J.size(firstNameSet) > 0)):
        firstNameAnn = J.Iter(firstNameSet).next()
        firstNameContent = J.string_for(ctx.doc, firstNameAnn)
        features['firstName'] = firstNameContent
    features['kind'] = 'personName'
    features['rule'] = 'TitleFirstName'
    J.add(ctx.output, J.first_node(personSet), J.last_node(personSet), 'TempPerson', features)


@keeps_features
def name_FirstPersonStop(ctx: ActionContext) -> None:
    # Java of name.jape:486, rule FirstPersonStop
    person = J.bound(ctx, 'person')
    personAnn = J.Iter(person).next()
    features = {}
    features['gender'] = personAnn.features.get('gender')
    features['kind'] = 'firstName'
    features['rule'] = 'FirstPersonStop'
    J.add(ctx.output, J.first_node(person), J.last_node(person), 'TempPerson', features)


@keeps_features
def name_LocPersonAmbig3(ctx: ActionContext) -> None:
    # Java of name.jape:562, rule LocPersonAmbig3
    person = J.bound(ctx, 'person')
    personAnn = J.Iter(person).next()
    features = {}
    features['gender'] = personAnn.features.get('gender')
    features['kind'] = 'firstName'
    features['rule'] = 'LocPersonAmbig3'
    J.add(ctx.output, J.first_node(person), J.last_node(person), 'TempPerson', features)


@keeps_features
def name_PersonFullInitials(ctx: ActionContext) -> None:
    # Java of name.jape:611, rule PersonFullInitials
    features = {}
    personSet = J.bound(ctx, 'person')
    personAnn = J.Iter(personSet).next()
    initialsSet = J.bound(ctx, 'initials')
    initialsList = J.in_document_order(initialsSet)
    initialsStart = J.start(J.at(initialsList, 0))
    initialsEnd = J.end(J.at(initialsList, (J.size(initialsList) - 1)))
    initialsContent = J.clean_string_for(ctx.doc, initialsStart, J.nn(initialsEnd, 'end offset'))
    features['initials'] = initialsContent
    middleNameSet = J.bound(ctx, 'middleName')
    if ((middleNameSet is not None) and (J.size(middleNameSet) > 0)):
        middleNameAnn = J.Iter(middleNameSet).next()
        middleNameContent = J.clean_string_for(ctx.doc, middleNameAnn)
        features['middleName'] = middleNameContent
        features['gender'] = middleNameAnn.features.get('gender')
    surnameSet = J.bound(ctx, 'surname')
    surnameAnn = J.Iter(surnameSet).next()
    surnameContent = J.clean_string_for(ctx.doc, surnameAnn)
    features['surname'] = surnameContent
    features['kind'] = 'fullName'
    features['rule'] = 'PersonFullInitials'
    J.add(ctx.output, J.first_node(personSet), J.last_node(personSet), 'TempPerson', features)


@keeps_features
def name_PersonFull(ctx: ActionContext) -> None:
    # Java of name.jape:665, rule PersonFull
    features = {}
    personSet = J.bound(ctx, 'person')
    personAnn = J.Iter(personSet).next()
    firstNameSet = J.bound(ctx, 'firstName')
    firstNameAnn = J.Iter(firstNameSet).next()
    firstNameContent = J.string_for(ctx.doc, firstNameAnn)
    features['firstName'] = firstNameContent
    features['gender'] = firstNameAnn.features.get('gender')
    middleNameSet = J.bound(ctx, 'middleName')
    if ((middleNameSet is not None) and (J.size(middleNameSet) > 0)):
        middleNameAnn = J.Iter(middleNameSet).next()
        middleNameContent = J.string_for(ctx.doc, middleNameAnn)
        features['middleName'] = middleNameContent
    surnameSet = J.bound(ctx, 'surname')
    surnameAnn = J.Iter(surnameSet).next()
    surnameContent = J.string_for(ctx.doc, surnameAnn)
    features['surname'] = surnameContent
    features['kind'] = 'fullName'
    features['rule'] = 'PersonFull'
    J.add(ctx.output, J.first_node(personSet), J.last_node(personSet), 'TempPerson', features)


@keeps_features
def name_PersonFullDoubleBarrelled(ctx: ActionContext) -> None:
    # Java of name.jape:714, rule PersonFullDoubleBarrelled
    features = {}
    personSet = J.bound(ctx, 'person')
    personAnn = J.Iter(personSet).next()
    firstNameSet = J.bound(ctx, 'firstName')
    firstNameAnn = J.Iter(firstNameSet).next()
    firstNameContent = J.string_for(ctx.doc, firstNameAnn)
    features['firstName'] = firstNameContent
    features['gender'] = firstNameAnn.features.get('gender')
    middleNameSet = J.bound(ctx, 'middleName')
    if ((middleNameSet is not None) and (J.size(middleNameSet) > 0)):
        middleNameAnn = J.Iter(middleNameSet).next()
        middleNameContent = J.string_for(ctx.doc, middleNameAnn)
        features['middleName'] = middleNameContent
    surnameSet = J.bound(ctx, 'surname')
    surnameAnn = J.Iter(surnameSet).next()
    surnameContent = J.string_for(ctx.doc, surnameAnn)
    features['surname'] = surnameContent
    features['kind'] = 'fullName'
    features['rule'] = 'PersonFullDoubleBarrelled'
    J.add(ctx.output, J.first_node(personSet), J.last_node(personSet), 'TempPerson', features)


@keeps_features
def name_PersonMiddleInitial(ctx: ActionContext) -> None:
    # Java of name.jape:763, rule PersonMiddleInitial
    features = {}
    personSet = J.bound(ctx, 'person')
    personAnn = J.Iter(personSet).next()
    firstNameSet = J.bound(ctx, 'firstName')
    firstNameAnn = J.Iter(firstNameSet).next()
    firstNameContent = J.string_for(ctx.doc, firstNameAnn)
    features['firstName'] = firstNameContent
    features['gender'] = firstNameAnn.features.get('gender')
    initialsSet = J.bound(ctx, 'initials')
    if ((initialsSet is not None) and (J.size(initialsSet) > 0)):
        initialsAnn = J.Iter(initialsSet).next()
        initialsContent = J.string_for(ctx.doc, initialsAnn)
        features['initials'] = initialsContent
    surnameSet = J.bound(ctx, 'surname')
    surnameAnn = J.Iter(surnameSet).next()
    surnameContent = J.string_for(ctx.doc, surnameAnn)
    features['surname'] = surnameContent
    features['kind'] = 'fullName'
    features['rule'] = 'PersonFull'
    J.add(ctx.output, J.first_node(personSet), J.last_node(personSet), 'TempPerson', features)


@keeps_features
def name_PersonFullHyphenated(ctx: ActionContext) -> None:
    # Java of name.jape:810, rule PersonFullHyphenated
    features = {}
    personSet = J.bound(ctx, 'person')
    personAnn = J.Iter(personSet).next()
    firstNameSet = J.bound(ctx, 'firstName')
    firstNameAnn = J.Iter(firstNameSet).next()
    firstNameContent = J.string_for(ctx.doc, firstNameAnn)
    features['firstName'] = firstNameContent
    features['gender'] = firstNameAnn.features.get('gender')
    middleNameSet = J.bound(ctx, 'middleName')
    if ((middleNameSet is not None) and (J.size(middleNameSet) > 0)):
        middleNameAnn = J.Iter(middleNameSet).next()
        middleNameContent = J.string_for(ctx.doc, middleNameAnn)
        features['middleName'] = middleNameContent
    surnameSet = J.bound(ctx, 'surname')
    surnameAnn = J.Iter(surnameSet).next()
    surnameContent = J.string_for(ctx.doc, surnameAnn)
    features['surname'] = surnameContent
    features['kind'] = 'fullName'
    features['rule'] = 'PersonFullHyphenated'
    J.add(ctx.output, J.first_node(personSet), J.last_node(personSet), 'TempPerson', features)


@keeps_features
def name_PersonSaint(ctx: ActionContext) -> None:
    # Java of name.jape:886, rule PersonSaint
    features = {}
    personSet = J.bound(ctx, 'person')
    firstPerson = J.get_type(personSet, 'FirstPerson')
    if ((firstPerson is not None) and (J.size(firstPerson) > 0)):
        personAnn = J.Iter(firstPerson).next()
        features['gender'] = personAnn.features.get('gender')
    features['kind'] = 'firstName'
    features['rule'] = 'PersonSaint'
    J.add(ctx.output, J.first_node(personSet), J.last_node(personSet), 'TempPerson', features)


@keeps_features
def name_PersonLocAmbig(ctx: ActionContext) -> None:
    # Java of name.jape:912, rule PersonLocAmbig
    features = {}
    personSet = J.bound(ctx, 'person')
    personAnn = J.Iter(personSet).next()
    firstNameSet = J.bound(ctx, 'firstName')
    firstNameAnn = J.Iter(firstNameSet).next()
    surnameSet = J.bound(ctx, 'surname')
    surnameAnn = J.Iter(surnameSet).next()
    features['gender'] = firstNameAnn.features.get('gender')
    firstNameContent = J.string_for(ctx.doc, firstNameAnn)
    features['firstName'] = firstNameContent
    surnameContent = J.string_for(ctx.doc, surnameAnn)
    features['surname'] = surnameContent
    features['kind'] = 'fullName'
    features['rule'] = 'PersonLocAmbig'
    J.add(ctx.output, J.first_node(personSet), J.last_node(personSet), 'TempPerson', features)


@keeps_features
def name_TitlePersonLocAmbig(ctx: ActionContext) -> None:
    # Java of name.jape:947, rule TitlePersonLocAmbig
    features = {}
    personSet = J.bound(ctx, 'person')
    personAnn = J.Iter(personSet).next()
    titleSet = J.bound(ctx, 'title')
    titleAnn = J.Iter(titleSet).next()
    surnameSet = J.bound(ctx, 'surname')
    surnameAnn = J.Iter(surnameSet).next()
    features['gender'] = titleAnn.features.get('gender')
    titleContent = J.string_for(ctx.doc, titleAnn)
    features['title'] = titleContent
    surnameContent = J.string_for(ctx.doc, surnameAnn)
    features['surname'] = surnameContent
    features['kind'] = 'fullName'
    features['rule'] = 'TitlePersonLocAmbig'
    J.add(ctx.output, J.first_node(personSet), J.last_node(personSet), 'TempPerson', features)


@keeps_features
def name_TheGazOrganization(ctx: ActionContext) -> None:
    # Java of name.jape:1029, rule TheGazOrganization
    features = {}
    orgSet = J.bound(ctx, 'orgName')
    org = J.get_type(orgSet, 'Lookup')
    if ((org is not None) and (J.size(org) > 0)):
        orgAnn = J.Iter(org).next()
        features['orgType'] = orgAnn.features.get('minorType')
    features['rule'] = 'GazOrganization'
    J.add(ctx.output, J.first_node(orgSet), J.last_node(orgSet), 'TempOrganization', features)


@keeps_features
def name_GazOrganization(ctx: ActionContext) -> None:
    # Java of name.jape:1057, rule GazOrganization
    features = {}
    orgSet = J.bound(ctx, 'orgName')
    org = J.get_type(orgSet, 'Lookup')
    if ((org is not None) and (J.size(org) > 0)):
        orgAnn = J.Iter(org).next()
        features['orgType'] = orgAnn.features.get('minorType')
    features['rule'] = 'GazOrganization'
    J.add(ctx.output, J.first_node(orgSet), J.last_node(orgSet), 'TempOrganization', features)


@keeps_features
def name_NewspaperEnding(ctx: ActionContext) -> None:
    # Java of name.jape:1100, rule NewspaperEnding
    features = {}
    orgSet = J.bound(ctx, 'orgName')
    org = J.get_type(orgSet, 'Lookup')
    if ((org is not None) and (J.size(org) > 0)):
        orgAnn = J.Iter(org).next()
        features['orgType'] = orgAnn.features.get('minorType')
    features['rule'] = 'NewspaperEndng'
    J.add(ctx.output, J.first_node(orgSet), J.last_node(orgSet), 'TempOrganization', features)


@keeps_features
def name_Location1(ctx: ActionContext) -> None:
    # Java of name.jape:1576, rule Location1
    features = {}
    locSet = J.bound(ctx, 'locName')
    loc = J.get_type(locSet, 'Lookup')
    if ((loc is not None) and (J.size(loc) > 0)):
        locAnn = J.Iter(loc).next()
        features.update(locAnn.features)
        features.pop('minorType', None)
        features.pop('majorType', None)
        features['locType'] = locAnn.features.get('minorType')
    features['rule'] = 'Location1'
    J.add(ctx.output, J.first_node(locSet), J.last_node(locSet), 'TempLocation', features)


@keeps_features
def name_GazLocation(ctx: ActionContext) -> None:
    # Java of name.jape:1611, rule GazLocation
    features = {}
    locSet = J.bound(ctx, 'locName')
    loc = J.get_type(locSet, 'Lookup')
    if ((loc is not None) and (J.size(loc) > 0)):
        locAnn = J.Iter(loc).next()
        features.update(locAnn.features)
        features.pop('minorType', None)
        features.pop('majorType', None)
        features['locType'] = locAnn.features.get('minorType')
    features['rule'] = 'GazLocation'
    J.add(ctx.output, J.first_node(locSet), J.last_node(locSet), 'TempLocation', features)


@keeps_features
def name_GazLocationLocation(ctx: ActionContext) -> None:
    # Java of name.jape:1647, rule GazLocationLocation
    features = {}
    morefeatures = {}
    loc1Set = J.bound(ctx, 'locName1')
    loc1 = J.get_type(loc1Set, 'Lookup')
    loc2Set = J.bound(ctx, 'locName2')
    loc2 = J.get_type(loc2Set, 'Lookup')
    if ((loc1 is not None) and (J.size(loc1) > 0)):
        loc1Ann = J.Iter(loc1).next()
        features.update(loc1Ann.features)
        features.pop('minorType', None)
        features.pop('majorType', None)
        features['locType'] = loc1Ann.features.get('minorType')
    if ((loc2 is not None) and (J.size(loc2) > 0)):
        loc2Ann = J.Iter(loc2).next()
        morefeatures.update(loc2Ann.features)
        morefeatures.pop('minorType', None)
        morefeatures.pop('majorType', None)
        morefeatures['locType'] = loc2Ann.features.get('minorType')
    features['rule'] = 'GazLocation'
    J.add(ctx.output, J.first_node(loc1Set), J.last_node(loc1Set), 'TempLocation', features)
    morefeatures['rule'] = 'GazLocation'
    J.add(ctx.output, J.first_node(loc2Set), J.last_node(loc2Set), 'TempLocation', morefeatures)


@keeps_features
def name_post_FirstPersonStop(ctx: ActionContext) -> None:
    # Java of name_post.jape:38, rule FirstPersonStop
    features = {}
    personSet = J.bound(ctx, 'person')
    firstPerson = J.get_type(personSet, 'FirstPerson')
    orgSet = J.get_overlapping(ctx.output, 'TempOrganization', J.nn(J.first_node(personSet), 'node'), J.nn(J.last_node(personSet), 'node'))
    if (J.size(orgSet) == 0):
        if ((firstPerson is not None) and (J.size(firstPerson) > 0)):
            personAnn = J.Iter(firstPerson).next()
            features['gender'] = personAnn.features.get('gender')
        features['kind'] = 'firstName'
        features['rule'] = 'FirstPersonStop'
        J.add(ctx.output, J.first_node(personSet), J.last_node(personSet), 'TempPerson', features)


@keeps_features
def date_pre_PersonDateAmbig(ctx: ActionContext) -> None:
    # Java of date_pre.jape:78, rule PersonDateAmbig
    person = J.bound(ctx, 'person')
    personAnn = J.Iter(person).next()
    features = {}
    features['rule1'] = personAnn.features.get('rule')
    features['rule2'] = 'PersonDateAmbig'
    J.add(ctx.output, J.first_node(person), J.last_node(person), 'Person', features)
    J.remove_all(ctx.output, person)


@keeps_features
def reldate_EarlyDate(ctx: ActionContext) -> None:
    # Java of reldate.jape:114, rule EarlyDate
    date = J.bound(ctx, 'date')
    dateAnn = J.Iter(date).next()
    features = {}
    features['rule'] = dateAnn.features.get('rule')
    features['rule2'] = 'EarlyDate'
    J.add(ctx.output, J.first_node(date), J.last_node(date), 'TempDate', features)
    J.remove_all(ctx.output, J.get_type(date, 'TempDate'))


@keeps_features
def number_clean_PercentDate(ctx: ActionContext) -> None:
    # Java of number_clean.jape:22, rule PercentDate
    tagAS = J.bound(ctx, 'tag')
    DateAS = J.get_overlapping(ctx.input, 'Date', J.nn(J.first_node(tagAS), 'node'), J.nn(J.last_node(tagAS), 'node'))
    J.remove_all(ctx.output, DateAS)


@keeps_features
def final_NotAnXGaz(ctx: ActionContext) -> None:
    # Java of final.jape:33, rule NotAnXGaz
    matchAnnots = J.bound(ctx, 'match')
    if matchAnnots is None:
        return
    lookup = J.Iter(matchAnnots).next()
    tempAnnots = J.get_contained(ctx.input, ('Temp' + J.jstr(J.capitalize(J.to_string(lookup.features.get('majorType'))))), J.start(lookup), J.end(lookup))
    J.remove_all(ctx.input, tempAnnots)


@keeps_features
def final_PersonFinal(ctx: ActionContext) -> None:
    # Java of final.jape:59, rule PersonFinal
    features = {}
    personSet = J.bound(ctx, 'person')
    personAnn = J.Iter(personSet).next()
    features.update(personAnn.features)
    features['ruleFinal'] = 'PersonFinal'
    J.add(ctx.output, J.first_node(personSet), J.last_node(personSet), 'Person', features)
    J.remove_all(ctx.output, personSet)


@keeps_features
def final_OrgCountryFinal(ctx: ActionContext) -> None:
    # Java of final.jape:95, rule OrgCountryFinal
    orgSet = J.bound(ctx, 'org')
    orgAnn = J.Iter(J.get_type(orgSet, 'TempOrganization')).next()
    features = {}
    features.update(orgAnn.features)
    features['ruleFinal'] = 'OrgCountryFinal'
    J.add(ctx.output, J.first_node(orgSet), J.last_node(orgSet), 'Organization', features)
    J.remove_all(ctx.output, orgSet)


@keeps_features
def final_OrgFinal(ctx: ActionContext) -> None:
    # Java of final.jape:121, rule OrgFinal
    orgSet = J.bound(ctx, 'org')
    orgAnn = J.Iter(orgSet).next()
    features = {}
    features.update(orgAnn.features)
    features['ruleFinal'] = 'OrgFinal'
    J.add(ctx.output, J.first_node(orgSet), J.last_node(orgSet), 'Organization', features)
    J.remove_all(ctx.output, orgSet)


@keeps_features
def final_PersonLocFinal(ctx: ActionContext) -> None:
    # Java of final.jape:147, rule PersonLocFinal
    locSet = J.bound(ctx, 'loc')
    personSet = J.bound(ctx, 'person')
    features = {}
    features['ruleFinal'] = 'PersonLocFinal'
    features['locType'] = 'airport'
    J.add(ctx.output, J.first_node(locSet), J.last_node(locSet), 'Location', features)
    J.remove_all(ctx.output, locSet)
    J.remove_all(ctx.output, personSet)


@keeps_features
def final_LocFinal(ctx: ActionContext) -> None:
    # Java of final.jape:168, rule LocFinal
    locSet = J.bound(ctx, 'loc')
    locAnn = J.Iter(locSet).next()
    features = {}
    features.update(locAnn.features)
    features['ruleFinal'] = 'LocFinal'
    J.add(ctx.output, J.first_node(locSet), J.last_node(locSet), 'Location', features)
    J.remove_all(ctx.output, locSet)


@keeps_features
def final_DateTimeFinal(ctx: ActionContext) -> None:
    # Java of final.jape:203, rule DateTimeFinal
    dateSet = J.bound(ctx, 'date')
    dateAnn = J.Iter(dateSet).next()
    features = {}
    features['ruleFinal'] = 'DateTimeFinal'
    features['kind'] = 'dateTime'
    J.add(ctx.output, J.first_node(dateSet), J.last_node(dateSet), 'Date', features)
    J.remove_all(ctx.output, dateSet)


@keeps_features
def final_SeasonYearFinal(ctx: ActionContext) -> None:
    # Java of final.jape:225, rule SeasonYearFinal
    dateSet = J.bound(ctx, 'date')
    dateAnn = J.Iter(dateSet).next()
    features = {}
    features.update(dateAnn.features)
    features['ruleFinal'] = 'SeasonYearFinal'
    features['kind'] = 'date'
    J.add(ctx.output, J.first_node(dateSet), J.last_node(dateSet), 'Date', features)
    J.remove_all(ctx.output, dateSet)


@keeps_features
def final_DateYearFinal(ctx: ActionContext) -> None:
    # Java of final.jape:251, rule DateYearFinal
    dateSet = J.bound(ctx, 'date')
    dateAnn = J.Iter(dateSet).next()
    features = {}
    features.update(dateAnn.features)
    features['rule2'] = 'DateYearFinal'
    features['kind'] = 'date'
    J.add(ctx.output, J.first_node(dateSet), J.last_node(dateSet), 'Date', features)
    J.remove_all(ctx.output, dateSet)


@keeps_features
def final_TimeDateFinal(ctx: ActionContext) -> None:
    # Java of final.jape:278, rule TimeDateFinal
    dateSet = J.bound(ctx, 'date')
    dateAnn = J.Iter(dateSet).next()
    features = {}
    features['ruleFinal'] = 'TimeDateFinal'
    features['kind'] = 'dateTime'
    J.add(ctx.output, J.first_node(dateSet), J.last_node(dateSet), 'Date', features)
    J.remove_all(ctx.output, dateSet)


@keeps_features
def final_TimeYearFinal(ctx: ActionContext) -> None:
    # Java of final.jape:303, rule TimeYearFinal
    dateSet = J.bound(ctx, 'date')
    dateAnn = J.Iter(dateSet).next()
    features = {}
    features['ruleFinal'] = 'TimeYearFinal'
    features['kind'] = 'dateTime'
    J.add(ctx.output, J.first_node(dateSet), J.last_node(dateSet), 'Date', features)
    J.remove_all(ctx.output, dateSet)


@keeps_features
def final_DateOnlyFinal(ctx: ActionContext) -> None:
    # Java of final.jape:329, rule DateOnlyFinal
    dateSet = J.bound(ctx, 'date')
    dateAnn = J.Iter(dateSet).next()
    features = {}
    features.update(dateAnn.features)
    features['ruleFinal'] = 'DateOnlyFinal'
    features['kind'] = 'date'
    J.add(ctx.output, J.first_node(dateSet), J.last_node(dateSet), 'Date', features)
    J.remove_all(ctx.output, dateSet)


@keeps_features
def final_TimeContextFinal(ctx: ActionContext) -> None:
    # Java of final.jape:356, rule TimeContextFinal
    dateSet = J.bound(ctx, 'date')
    dateAnn = J.Iter(dateSet).next()
    features = {}
    features.update(dateAnn.features)
    features['ruleFinal'] = 'TimeContextFinal'
    features['kind'] = 'date'
    J.add(ctx.output, J.first_node(dateSet), J.last_node(dateSet), 'Date', features)
    J.remove_all(ctx.output, dateSet)
    timeSet = J.bound(ctx, 'time')
    timeAnn = J.Iter(timeSet).next()
    features2 = {}
    features.update(timeAnn.features)
    features2['ruleFinal'] = 'TimeContextFinal'
    features2['kind'] = 'time'
    J.add(ctx.output, J.first_node(timeSet), J.last_node(timeSet), 'Date', features2)
    J.remove_all(ctx.output, timeSet)


@keeps_features
def final_TimeWordsContextFinal(ctx: ActionContext) -> None:
    # Java of final.jape:392, rule TimeWordsContextFinal
    dateSet = J.bound(ctx, 'date')
    dateAnn = J.Iter(dateSet).next()
    features = {}
    features.update(dateAnn.features)
    features['ruleFinal'] = 'TimeWordsContextFinal'
    features['kind'] = 'time'
    J.add(ctx.output, J.first_node(dateSet), J.last_node(dateSet), 'Date', features)
    J.remove_all(ctx.output, dateSet)


@keeps_features
def final_YearOnlyFinal(ctx: ActionContext) -> None:
    # Java of final.jape:413, rule YearOnlyFinal
    dateSet = J.bound(ctx, 'date')
    dateAnn = J.Iter(dateSet).next()
    features = {}
    features.update(dateAnn.features)
    features['ruleFinal'] = 'YearOnlyFinal'
    features['kind'] = 'date'
    J.add(ctx.output, J.first_node(dateSet), J.last_node(dateSet), 'Date', features)
    J.remove_all(ctx.output, dateSet)


@keeps_features
def final_TimeOnlyFinal(ctx: ActionContext) -> None:
    # Java of final.jape:435, rule TimeOnlyFinal
    dateSet = J.bound(ctx, 'date')
    dateAnn = J.Iter(dateSet).next()
    features = {}
    features.update(dateAnn.features)
    features['ruleFinal'] = 'TimeOnlyFinal'
    features['kind'] = 'time'
    J.add(ctx.output, J.first_node(dateSet), J.last_node(dateSet), 'Date', features)
    J.remove_all(ctx.output, dateSet)


@keeps_features
def final_AddressFull(ctx: ActionContext) -> None:
    # Java of final.jape:464, rule AddressFull
    addressSet = J.bound(ctx, 'address')
    addressAnn = J.Iter(addressSet).next()
    features = {}
    features.update(addressAnn.features)
    features['ruleFinal'] = 'AddressFull'
    features['kind'] = 'complete'
    J.add(ctx.output, J.first_node(addressSet), J.last_node(addressSet), 'Address', features)
    J.remove_all(ctx.output, addressSet)


@keeps_features
def final_EmailFinal(ctx: ActionContext) -> None:
    # Java of final.jape:485, rule EmailFinal
    addressSet = J.bound(ctx, 'address')
    addressAnn = J.Iter(addressSet).next()
    features = {}
    features.update(addressAnn.features)
    features['ruleFinal'] = 'EmailFinal'
    features['kind'] = 'email'
    J.add(ctx.output, J.first_node(addressSet), J.last_node(addressSet), 'Address', features)
    J.remove_all(ctx.output, addressSet)


@keeps_features
def final_PhoneFinal(ctx: ActionContext) -> None:
    # Java of final.jape:506, rule PhoneFinal
    addressSet = J.bound(ctx, 'address')
    addressAnn = J.Iter(addressSet).next()
    features = {}
    features.update(addressAnn.features)
    features['ruleFinal'] = 'PhoneFinal'
    features['kind'] = 'phone'
    J.add(ctx.output, J.first_node(addressSet), J.last_node(addressSet), 'Address', features)
    J.remove_all(ctx.output, addressSet)


@keeps_features
def final_PostcodeFinal(ctx: ActionContext) -> None:
    # Java of final.jape:527, rule PostcodeFinal
    addressSet = J.bound(ctx, 'address')
    addressAnn = J.Iter(addressSet).next()
    features = {}
    features.update(addressAnn.features)
    features['ruleFinal'] = 'PostcodeFinal'
    features['kind'] = 'postcode'
    J.add(ctx.output, J.first_node(addressSet), J.last_node(addressSet), 'Address', features)
    J.remove_all(ctx.output, addressSet)


@keeps_features
def final_IpFinal(ctx: ActionContext) -> None:
    # Java of final.jape:548, rule IpFinal
    addressSet = J.bound(ctx, 'address')
    addressAnn = J.Iter(addressSet).next()
    features = {}
    features.update(addressAnn.features)
    features['ruleFinal'] = 'IpFinal'
    features['kind'] = 'ip'
    J.add(ctx.output, J.first_node(addressSet), J.last_node(addressSet), 'Address', features)
    J.remove_all(ctx.output, addressSet)


@keeps_features
def final_UrlFinal(ctx: ActionContext) -> None:
    # Java of final.jape:569, rule UrlFinal
    addressSet = J.bound(ctx, 'address')
    addressAnn = J.Iter(addressSet).next()
    features = {}
    features.update(addressAnn.features)
    features['rule2'] = 'UrlFinal'
    features['kind'] = 'url'
    J.add(ctx.output, J.first_node(addressSet), J.last_node(addressSet), 'Address', features)
    J.remove_all(ctx.output, addressSet)


@keeps_features
def final_StreetFinal(ctx: ActionContext) -> None:
    # Java of final.jape:591, rule StreetFinal
    addressSet = J.bound(ctx, 'address')
    addressAnn = J.Iter(addressSet).next()
    features = {}
    features.update(addressAnn.features)
    features['ruleFinal'] = 'StreetFinal'
    J.add(ctx.output, J.first_node(addressSet), J.last_node(addressSet), 'Location', features)
    J.remove_all(ctx.output, addressSet)


@keeps_features
def final_IdentifierFinal(ctx: ActionContext) -> None:
    # Java of final.jape:614, rule IdentifierFinal
    identSet = J.bound(ctx, 'ident')
    identAnn = J.Iter(identSet).next()
    features = {}
    features.update(identAnn.features)
    features['ruleFinal'] = 'IdentifierFinal'
    J.add(ctx.output, J.first_node(identSet), J.last_node(identSet), 'Identifier', features)
    J.remove_all(ctx.output, identSet)


@keeps_features
def final_SpecsFinal(ctx: ActionContext) -> None:
    # Java of final.jape:637, rule SpecsFinal
    specSet = J.bound(ctx, 'spec')
    J.remove_all(ctx.output, specSet)


@keeps_features
def name_context_TitleUnknownSurname(ctx: ActionContext) -> None:
    # Java of name_context.jape:50, rule TitleUnknownSurname
    features = {}
    personSet = J.bound(ctx, 'person')
    firstNameSet = J.bound(ctx, 'firstName')
    titleSet = J.bound(ctx, 'title')
    titleAnn = J.Iter(titleSet).next()
    surnameSet = J.bound(ctx, 'surname')
    surnameAnn = J.Iter(surnameSet).next()
    contentTitle = J.string_for(ctx.doc, titleAnn)
    features['title'] = contentTitle
    features['gender'] = titleAnn.features.get('gender')
    if ((firstNameSet is not None) and (J.size(firstNameSet) > 0)):
        firstNameAnn = J.Iter(firstNameSet).next()
        firstNameContent = J.string_for(ctx.doc, firstNameAnn)
        features['firstName'] = firstNameContent
    surnameContent = J.string_for(ctx.doc, surnameAnn)
    features['surname'] = surnameContent
    features['kind'] = 'personName'
    features['rule'] = 'TitleUnknownSurname'
    J.add(ctx.output, J.first_node(personSet), J.last_node(personSet), 'Person', features)


@keeps_features
def name_context_UnknownSurname(ctx: ActionContext) -> None:
    # Java of name_context.jape:89, rule UnknownSurname
    features = {}
    personSet = J.bound(ctx, 'person')
    firstNameSet = J.bound(ctx, 'firstName')
    surnameSet = J.bound(ctx, 'surname')
    surnameAnn = J.Iter(surnameSet).next()
    if ((firstNameSet is not None) and (J.size(firstNameSet) > 0)):
        firstNameAnn = J.Iter(firstNameSet).next()
        firstNameContent = J.string_for(ctx.doc, firstNameAnn)
        features['firstName'] = firstNameContent
    surnameContent = J.string_for(ctx.doc, surnameAnn)
    features['surname'] = surnameContent
    features['kind'] = 'personName'
    features['rule'] = 'UnknownSurname'
    J.add(ctx.output, J.first_node(personSet), J.last_node(personSet), 'Person', features)
    J.remove_all(ctx.output, surnameSet)


@keeps_features
def name_context_PersonTitle1(ctx: ActionContext) -> None:
    # Java of name_context.jape:126, rule PersonTitle1
    person = J.bound(ctx, 'person')
    features = {}
    features['rule'] = 'PersonTitle1'
    J.add(ctx.output, J.first_node(person), J.last_node(person), 'Person', features)
    J.remove_all(ctx.output, person)


@keeps_features
def name_context_PersonSays(ctx: ActionContext) -> None:
    # Java of name_context.jape:181, rule PersonSays
    person = J.bound(ctx, 'tag')
    features = {}
    features['rule'] = 'PersonSays'
    J.add(ctx.output, J.first_node(person), J.last_node(person), 'Person', features)
    J.remove_all(ctx.output, person)


@keeps_features
def name_context_SaysPerson(ctx: ActionContext) -> None:
    # Java of name_context.jape:199, rule SaysPerson
    person = J.bound(ctx, 'tag')
    features = {}
    features['rule'] = 'SaysPerson'
    J.add(ctx.output, J.first_node(person), J.last_node(person), 'Person', features)
    J.remove_all(ctx.output, person)


@keeps_features
def org_context_OrgContext1(ctx: ActionContext) -> None:
    # Java of org_context.jape:47, rule OrgContext1
    org = J.bound(ctx, 'org')
    features = {}
    features['rule'] = 'OrgContext1'
    features['orgType'] = 'company'
    J.add(ctx.output, J.first_node(org), J.last_node(org), 'Organization', features)
    J.remove_all(ctx.output, org)


@keeps_features
def org_context_OrgContext2(ctx: ActionContext) -> None:
    # Java of org_context.jape:74, rule OrgContext2
    org = J.bound(ctx, 'org')
    features = {}
    features['rule'] = 'OrgContext2'
    features['orgType'] = 'company'
    J.add(ctx.output, J.first_node(org), J.last_node(org), 'Organization', features)
    J.remove_all(ctx.output, org)


@keeps_features
def org_context_OrgContext3(ctx: ActionContext) -> None:
    # Java of org_context.jape:95, rule OrgContext3
    org = J.bound(ctx, 'org')
    features = {}
    features['rule'] = 'OrgContext3'
    features['orgType'] = 'company'
    J.add(ctx.output, J.first_node(org), J.last_node(org), 'Organization', features)
    J.remove_all(ctx.output, org)


@keeps_features
def org_context_OrgContext4(ctx: ActionContext) -> None:
    # Java of org_context.jape:117, rule OrgContext4
    org = J.bound(ctx, 'org')
    features = {}
    features['rule'] = 'OrgContext4'
    features['orgType'] = 'company'
    J.add(ctx.output, J.first_node(org), J.last_node(org), 'Organization', features)
    J.remove_all(ctx.output, org)


@keeps_features
def org_context_OrgContext5(ctx: ActionContext) -> None:
    # Java of org_context.jape:141, rule OrgContext5
    org = J.bound(ctx, 'org')
    features = {}
    features['rule'] = 'OrgContext5'
    features['orgType'] = 'company'
    J.add(ctx.output, J.first_node(org), J.last_node(org), 'Organization', features)
    J.remove_all(ctx.output, org)


@keeps_features
def org_context_JoinOrg(ctx: ActionContext) -> None:
    # Java of org_context.jape:170, rule JoinOrg
    org = J.bound(ctx, 'org')
    features = {}
    features['rule'] = 'JoinOrg'
    features['orgType'] = 'company'
    J.add(ctx.output, J.first_node(org), J.last_node(org), 'Organization', features)
    J.remove_all(ctx.output, org)


@keeps_features
def org_context_OrgPerson(ctx: ActionContext) -> None:
    # Java of org_context.jape:196, rule OrgPerson
    org = J.bound(ctx, 'org')
    features = {}
    features['rule'] = 'OrgPerson'
    features['orgType'] = 'company'
    J.add(ctx.output, J.first_node(org), J.last_node(org), 'Organization', features)
    J.remove_all(ctx.output, org)


@keeps_features
def org_context_UnknownJobTitlePerson(ctx: ActionContext) -> None:
    # Java of org_context.jape:224, rule UnknownJobTitlePerson
    org = J.bound(ctx, 'org')
    features = {}
    features['rule'] = 'UnknownJobTitlePerson'
    features['orgType'] = 'company'
    J.add(ctx.output, J.first_node(org), J.last_node(org), 'Organization', features)
    J.remove_all(ctx.output, org)


@keeps_features
def org_context_OrgConjOrg1(ctx: ActionContext) -> None:
    # Java of org_context.jape:250, rule OrgConjOrg1
    org = J.bound(ctx, 'org')
    features = {}
    features['rule'] = 'OrgConjOrg1'
    features['orgType'] = 'unknown'
    J.add(ctx.output, J.first_node(org), J.last_node(org), 'Organization', features)
    J.remove_all(ctx.output, org)


@keeps_features
def org_context_OrgConjOrg2(ctx: ActionContext) -> None:
    # Java of org_context.jape:272, rule OrgConjOrg2
    org = J.bound(ctx, 'org')
    features = {}
    features['rule'] = 'OrgConjOrg2'
    features['orgType'] = 'unknown'
    J.add(ctx.output, J.first_node(org), J.last_node(org), 'Organization', features)
    J.remove_all(ctx.output, org)


@keeps_features
def org_context_AcronymOrg(ctx: ActionContext) -> None:
    # Java of org_context.jape:311, rule AcronymOrg
    org = J.bound(ctx, 'org')
    features = {}
    features['rule'] = 'AcronymOrg'
    features['orgType'] = 'unknown'
    J.add(ctx.output, J.first_node(org), J.last_node(org), 'Organization', features)
    J.remove_all(ctx.output, org)


@keeps_features
def org_context_OrgBracketOrg(ctx: ActionContext) -> None:
    # Java of org_context.jape:331, rule OrgBracketOrg
    org = J.bound(ctx, 'org')
    features = {}
    features['rule'] = 'OrgBracketOrg'
    features['orgType'] = 'unknown'
    J.add(ctx.output, J.first_node(org), J.last_node(org), 'Organization', features)
    J.remove_all(ctx.output, org)


@keeps_features
def org_context_PersonOrgEnding(ctx: ActionContext) -> None:
    # Java of org_context.jape:351, rule PersonOrgEnding
    org = J.bound(ctx, 'org')
    personSet = J.bound(ctx, 'person')
    features = {}
    features['rule'] = 'PersonOrgEnding'
    features['orgType'] = 'company'
    J.add(ctx.output, J.first_node(org), J.last_node(org), 'Organization', features)
    J.remove_all(ctx.output, personSet)


@keeps_features
def org_context_CityUniversity(ctx: ActionContext) -> None:
    # Java of org_context.jape:370, rule CityUniversity
    org = J.bound(ctx, 'tag')
    features = {}
    features['rule'] = 'CityUniversity'
    features['orgType'] = 'university'
    J.add(ctx.output, J.first_node(org), J.last_node(org), 'Organization', features)
    J.remove_all(ctx.output, org)


@keeps_features
def loc_context_UnknownLocRegion(ctx: ActionContext) -> None:
    # Java of loc_context.jape:86, rule UnknownLocRegion
    loc = J.bound(ctx, 'loc')
    J.remove_all(ctx.output, loc)


@keeps_features
def loc_context_UnknownLocKey(ctx: ActionContext) -> None:
    # Java of loc_context.jape:112, rule UnknownLocKey
    loc = J.bound(ctx, 'tag')
    J.remove_all(ctx.output, loc)


@keeps_features
def clean_CleanTempAnnotations(ctx: ActionContext) -> None:
    # Java of clean.jape:50, rule CleanTempAnnotations
    temp = J.bound(ctx, 'temp')
    J.remove_all(ctx.output, temp)


ACTIONS = {
    'firstname_FirstNameTwitterName': firstname_FirstNameTwitterName,
    'firstname_FirstNameTwitterNameAmbig': firstname_FirstNameTwitterNameAmbig,
    'firstname_FirstName': firstname_FirstName,
    'firstname_FirstNameAmbig': firstname_FirstNameAmbig,
    'firstname_TitleGender': firstname_TitleGender,
    'name_GazPerson': name_GazPerson,
    'name_GazPersonFirst': name_GazPersonFirst,
    'name_PersonFirstContext': name_PersonFirstContext,
    'name_PersonTitle': name_PersonTitle,
    'name_PersonTitleUnknownGender': name_PersonTitleUnknownGender,
    'name_PersonTitleInitials': name_PersonTitleInitials,
    'name_TitleFirstName': name_TitleFirstName,
    'name_FirstPersonStop': name_FirstPersonStop,
    'name_LocPersonAmbig3': name_LocPersonAmbig3,
    'name_PersonFullInitials': name_PersonFullInitials,
    'name_PersonFull': name_PersonFull,
    'name_PersonFullDoubleBarrelled': name_PersonFullDoubleBarrelled,
    'name_PersonMiddleInitial': name_PersonMiddleInitial,
    'name_PersonFullHyphenated': name_PersonFullHyphenated,
    'name_PersonSaint': name_PersonSaint,
    'name_PersonLocAmbig': name_PersonLocAmbig,
    'name_TitlePersonLocAmbig': name_TitlePersonLocAmbig,
    'name_TheGazOrganization': name_TheGazOrganization,
    'name_GazOrganization': name_GazOrganization,
    'name_NewspaperEnding': name_NewspaperEnding,
    'name_Location1': name_Location1,
    'name_GazLocation': name_GazLocation,
    'name_GazLocationLocation': name_GazLocationLocation,
    'name_post_FirstPersonStop': name_post_FirstPersonStop,
    'date_pre_PersonDateAmbig': date_pre_PersonDateAmbig,
    'reldate_EarlyDate': reldate_EarlyDate,
    'number_clean_PercentDate': number_clean_PercentDate,
    'final_NotAnXGaz': final_NotAnXGaz,
    'final_PersonFinal': final_PersonFinal,
    'final_OrgCountryFinal': final_OrgCountryFinal,
    'final_OrgFinal': final_OrgFinal,
    'final_PersonLocFinal': final_PersonLocFinal,
    'final_LocFinal': final_LocFinal,
    'final_DateTimeFinal': final_DateTimeFinal,
    'final_SeasonYearFinal': final_SeasonYearFinal,
    'final_DateYearFinal': final_DateYearFinal,
    'final_TimeDateFinal': final_TimeDateFinal,
    'final_TimeYearFinal': final_TimeYearFinal,
    'final_DateOnlyFinal': final_DateOnlyFinal,
    'final_TimeContextFinal': final_TimeContextFinal,
    'final_TimeWordsContextFinal': final_TimeWordsContextFinal,
    'final_YearOnlyFinal': final_YearOnlyFinal,
    'final_TimeOnlyFinal': final_TimeOnlyFinal,
    'final_AddressFull': final_AddressFull,
    'final_EmailFinal': final_EmailFinal,
    'final_PhoneFinal': final_PhoneFinal,
    'final_PostcodeFinal': final_PostcodeFinal,
    'final_IpFinal': final_IpFinal,
    'final_UrlFinal': final_UrlFinal,
    'final_StreetFinal': final_StreetFinal,
    'final_IdentifierFinal': final_IdentifierFinal,
    'final_SpecsFinal': final_SpecsFinal,
    'name_context_TitleUnknownSurname': name_context_TitleUnknownSurname,
    'name_context_UnknownSurname': name_context_UnknownSurname,
    'name_context_PersonTitle1': name_context_PersonTitle1,
    'name_context_PersonSays': name_context_PersonSays,
    'name_context_SaysPerson': name_context_SaysPerson,
    'org_context_OrgContext1': org_context_OrgContext1,
    'org_context_OrgContext2': org_context_OrgContext2,
    'org_context_OrgContext3': org_context_OrgContext3,
    'org_context_OrgContext4': org_context_OrgContext4,
    'org_context_OrgContext5': org_context_OrgContext5,
    'org_context_JoinOrg': org_context_JoinOrg,
    'org_context_OrgPerson': org_context_OrgPerson,
    'org_context_UnknownJobTitlePerson': org_context_UnknownJobTitlePerson,
    'org_context_OrgConjOrg1': org_context_OrgConjOrg1,
    'org_context_OrgConjOrg2': org_context_OrgConjOrg2,
    'org_context_AcronymOrg': org_context_AcronymOrg,
    'org_context_OrgBracketOrg': org_context_OrgBracketOrg,
    'org_context_PersonOrgEnding': org_context_PersonOrgEnding,
    'org_context_CityUniversity': org_context_CityUniversity,
    'loc_context_UnknownLocRegion': loc_context_UnknownLocRegion,
    'loc_context_UnknownLocKey': loc_context_UnknownLocKey,
    'clean_CleanTempAnnotations': clean_CleanTempAnnotations,
}
